import type { ReactNode } from 'react';
import './certificate-frame.css';

type CertificateFrameProps = {
  kind: 'category' | 'sub_category';
  member: string;
  title: string;
  organization: string | null;
  issuedOn: string;
  code: string;
  picture?: string | null;
  /** Under the code: validity, the verification link, a download button. */
  children?: ReactNode;
};

/** A certificate as a plant would frame it, the same lines as the PDF: on /achievements and on /verify/{code}. */
export function CertificateFrame({ kind, member, title, organization, issuedOn, code, picture, children }: CertificateFrameProps) {
  return (
    <div className="mm-certificate">
      <div className="mm-certificate__inner">
        <div className="mm-certificate__brand">MANUFACTURING MASTERS</div>
        {picture && <img className="mm-certificate__picture" src={picture} alt="" width={128} height={72} loading="lazy" />}
        <div className="mm-certificate__kind">{kind === 'category' ? 'Certificate of completion' : 'Micro-certificate'}</div>
        <div className="mm-certificate__muted">This certifies that</div>
        <div className="mm-certificate__name">{member}</div>
        <div className="mm-certificate__muted">has successfully completed</div>
        <div className="mm-certificate__kind">{title}</div>
        {organization && <div className="mm-certificate__muted">{organization}</div>}
        <div className="mm-certificate__muted">
          Date: {issuedOn} · Code: {code}
        </div>
        {children}
      </div>
    </div>
  );
}
