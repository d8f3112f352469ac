import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider for tests: its metadata, and responses whose assertion it signs with its test key
 * (test/fixtures/saml, self-signed, test only), or with another key, or not at all, with whatever a test changes.
 * `serve()` runs it over HTTP: its single sign-on address answers an AuthnRequest with a tiny page that posts the
 * signed response to the service provider's assertion consumer service, as a browser would.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/saml/${name}`, import.meta.url), 'utf8');
export const IDP_KEY = fixture('idp.key');
export const IDP_CERT = fixture('idp.crt');
export const OTHER_KEY = fixture('other.key');
export const OTHER_CERT = fixture('other.crt');

const certBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (ms: number) => new Date(ms).toISOString();

/** The id of an AuthnRequest sent over the HTTP-Redirect binding (deflated, base64, in SAMLRequest). */
export function authnRequestOf(url: string): { id: string; destination: string; acsUrl: string; issuer: string } {
  const request = new URL(url).searchParams.get('SAMLRequest') ?? '';
  const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    destination: attr('Destination'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    issuer: /<saml:Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
  };
}

export type ResponseOptions = {
  inResponseTo?: string | null;
  audience: string;
  recipient: string;
  destination?: string | null;
  nameId: string;
  attributes?: Record<string, string | string[]>;
  /** When the assertion expires (ms); 5 minutes from now by default. */
  notOnOrAfter?: number;
  issueInstant?: number;
  assertionId?: string;
  signing?: 'idp' | 'other' | 'none';
};

export type TestIdp = {
  entityId: string;
  ssoUrl: string;
  metadata: () => string;
  response: (options: ResponseOptions) => string;
  close: () => Promise<void>;
  /** What the next sign-in at the HTTP IdP answers as (nameId, attributes). */
  accounts: Map<string, { nameId: string; attributes?: Record<string, string | string[]> }>;
};

export function samlResponse(entityId: string, o: ResponseOptions): string {
  const t = o.issueInstant ?? Date.now();
  const until = o.notOnOrAfter ?? t + 5 * 60 * 1000;
  const id = o.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${xmlEscape(o.inResponseTo)}"` : '';
  const attributes = Object.entries(o.attributes ?? {})
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${xmlEscape(name)}">${(Array.isArray(value) ? value : [value])
          .map((v) => `<saml:AttributeValue>${xmlEscape(v)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  let assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${iso(t)}">` +
    `<saml:Issuer>${xmlEscape(entityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlEscape(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${iso(until)}" Recipient="${xmlEscape(o.recipient)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(t - 60_000)}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(t)}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion>`;
  if ((o.signing ?? 'idp') !== 'none') {
    const other = o.signing === 'other';
    const sig = new SignedXml({
      privateKey: other ? OTHER_KEY : IDP_KEY,
      publicCert: other ? OTHER_CERT : IDP_CERT,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    sig.addReference({
      xpath: "/*[local-name(.)='Assertion']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    sig.computeSignature(assertion, { location: { reference: "/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' } });
    assertion = sig.getSignedXml();
  }
  const destination = o.destination === null ? '' : ` Destination="${xmlEscape(o.destination ?? o.recipient)}"`;
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(t)}"${destination}${inResponseTo}>` +
    `<saml:Issuer>${xmlEscape(entityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
  return Buffer.from(response, 'utf8').toString('base64');
}

export function idpMetadata(entityId: string, ssoUrl: string, cert = IDP_CERT): string {
  return (
    `<?xml version="1.0"?><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${xmlEscape(entityId)}">` +
    `<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certBody(cert)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${xmlEscape(ssoUrl)}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`
  );
}

/**
 * The identity provider over HTTP on loopback: `/metadata`, and `/sso`, which signs in `accounts`' first entry (or
 * the one named by `?login=`) and answers a page that posts the signed response to the AuthnRequest's ACS.
 */
export async function startSamlIdp(): Promise<TestIdp> {
  const accounts: TestIdp['accounts'] = new Map();
  let base = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    if (url.pathname === '/metadata') {
      response.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idpMetadata(`${base}/entity`, `${base}/sso`));
      return;
    }
    if (url.pathname === '/sso') {
      const authn = authnRequestOf(url.href);
      const account = accounts.get(url.searchParams.get('login') ?? '') ?? [...accounts.values()][0];
      if (!account || !authn.id) {
        response.writeHead(400).end('no account');
        return;
      }
      const signed = samlResponse(`${base}/entity`, {
        inResponseTo: authn.id,
        audience: authn.issuer,
        recipient: authn.acsUrl,
        nameId: account.nameId,
        attributes: account.attributes,
      });
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body><form method="post" action="${xmlEscape(authn.acsUrl)}">` +
            `<input type="hidden" name="SAMLResponse" value="${signed}"><noscript><button type="submit">Continue</button></noscript></form>` +
            `<script>document.forms[0].submit()</script></body></html>`,
        );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    entityId: `${base}/entity`,
    ssoUrl: `${base}/sso`,
    metadata: () => idpMetadata(`${base}/entity`, `${base}/sso`),
    response: (options) => samlResponse(`${base}/entity`, options),
    accounts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
