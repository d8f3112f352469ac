import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('achievements');
  return (
    <div className="mm-certificate">
      <div className="mm-certificate__inner">
        <div className="mm-certificate__brand" translate="no">
          MANUFACTURING MASTERS
        </div>
        {picture && <img className="mm-certificate__picture" src={picture} alt="" width={128} height={72} loading="lazy" />}
        <div className="mm-certificate__kind">{kind === 'category' ? t('frame.category') : t('frame.subCategory')}</div>
        <div className="mm-certificate__muted">{t('frame.certifies')}</div>
        <div className="mm-certificate__name" translate="no">
          {member}
        </div>
        <div className="mm-certificate__muted">{t('frame.completed')}</div>
        <div className="mm-certificate__kind" translate="no">
          {title}
        </div>
        {organization && (
          <div className="mm-certificate__muted" translate="no">
            {organization}
          </div>
        )}
        <div className="mm-certificate__muted">{t('frame.dateCode', { date: issuedOn, code })}</div>
        {children}
      </div>
    </div>
  );
}
