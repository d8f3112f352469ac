import { randomBytes, X509Certificate } from 'node:crypto';
import { type CacheProvider, generateServiceProviderMetadata, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';
import { addressesOf, isPrivateAddress } from '../../lib/network-address.ts';

/**
 * The SAML 2.0 service provider (@node-saml/node-saml): AuthnRequests over HTTP-Redirect and the identity provider's
 * HTTP-POST answer, whose assertion must be signed by the identity provider's certificate (wantAssertionsSigned),
 * for our audience, answering a request we issued (InResponseTo, 10 minutes, once), within its validity (30 s clock
 * skew). node-saml checks neither the SubjectConfirmationData Recipient nor the Response Destination: checked here.
 */

/** How long an AuthnRequest we issued can be answered. */
export const SAML_REQUEST_LIFETIME_MS = 10 * 60 * 1000;
const CLOCK_SKEW_MS = 30 * 1000;
const METADATA_TIMEOUT_MS = 10 * 1000;
const METADATA_MAX_BYTES = 1_000_000;

export type IdentityProvider = { entityId: string; ssoUrl: string; certificates: string[] };
export type ServiceProvider = { entityId: string; acsUrl: string };

/** The PEM of a certificate given as base64 (with or without the PEM armour); null when it is not a certificate. */
export function certificatePem(text: string): string | null {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) return null;
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
    return pem;
  } catch {
    return null;
  }
}

/** When the first of these certificates stops being valid (ms). */
export function certificatesExpireAt(pems: string[]): number | null {
  const ends = pems.map((pem) => Date.parse(new X509Certificate(pem).validTo));
  return ends.length === 0 ? null : Math.min(...ends);
}

/** The stored certificates (PEMs one after another) as a list. */
export const splitCertificates = (stored: string): string[] => stored.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g) ?? [];

/**
 * The identity provider as its metadata describes it: entity id, the HTTP-Redirect single sign-on address and the
 * signing certificates (a KeyDescriptor without `use` signs too); null when one of them is missing.
 */
export async function parseIdpMetadata(xml: string): Promise<IdentityProvider | null> {
  let doc: Document;
  try {
    doc = await parseDomFromString(xml);
  } catch {
    return null;
  }
  const entity = xpath.selectElements(doc, "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]")[0];
  if (!entity) return null;
  const entityId = entity.getAttribute('entityID')?.trim() ?? '';
  const descriptor = xpath.selectElements(entity, "./*[local-name()='IDPSSODescriptor']")[0]!;
  const sso = xpath
    .selectElements(descriptor, "./*[local-name()='SingleSignOnService']")
    .find((e) => e.getAttribute('Binding') === 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect');
  const ssoUrl = sso?.getAttribute('Location')?.trim() ?? '';
  const certificates = xpath
    .selectElements(descriptor, "./*[local-name()='KeyDescriptor'][not(@use) or @use='signing']//*[local-name()='X509Certificate']")
    .map((e) => certificatePem(e.textContent ?? ''))
    .filter((pem): pem is string => pem !== null);
  if (!entityId || entityId.length > 500 || !ssoUrl || ssoUrl.length > 1000 || certificates.length === 0) return null;
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

/** A metadata address the platform would not call (private network, unless the operator allows it). */
export class MetadataAddressRefused extends Error {}

/** Reads the identity provider's metadata from its address: public addresses only unless allowed, 10 s, 1 MB. */
export async function fetchMetadata(url: string, allowPrivate: boolean): Promise<string> {
  if (!allowPrivate) {
    const addresses = await addressesOf(new URL(url).hostname).catch(() => []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw new MetadataAddressRefused(new URL(url).hostname);
  }
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(METADATA_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`metadata answered ${response.status}`);
  const text = await response.text();
  if (text.length > METADATA_MAX_BYTES) throw new Error('metadata too large');
  return text;
}

/** A request id: an xs:ID (starts with a letter or underscore), unguessable. */
export const newRequestId = () => `_${randomBytes(20).toString('hex')}`;

/** The AuthnRequest (HTTP-Redirect binding) with the given id, to send the browser to. */
export async function authnRequestUrl(idp: IdentityProvider, sp: ServiceProvider, id: string): Promise<string> {
  const saml = new SAML({
    ...baseOptions(idp, sp),
    generateUniqueId: () => id,
    // The request is recorded by the caller (with the browser it belongs to), not by node-saml.
    cacheProvider: { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null },
  });
  return saml.getAuthorizeUrlAsync('', undefined, {});
}

const baseOptions = (idp: IdentityProvider, sp: ServiceProvider) => ({
  entryPoint: idp.ssoUrl,
  idpCert: idp.certificates,
  issuer: sp.entityId,
  audience: sp.entityId,
  callbackUrl: sp.acsUrl,
  wantAssertionsSigned: true,
  wantAuthnResponseSigned: false,
  acceptedClockSkewMs: CLOCK_SKEW_MS,
  validateInResponseTo: ValidateInResponseTo.always,
  requestIdExpirationPeriodMs: SAML_REQUEST_LIFETIME_MS,
  identifierFormat: null,
  disableRequestedAuthnContext: true,
});

export type VerifiedAssertion = {
  /** The request it answers (InResponseTo). */
  inResponseTo: string;
  assertionId: string;
  /** Until when the assertion could be used (ms): how long its id is kept against replay. */
  notOnOrAfter: number;
  nameId: string;
  /** The attributes by name (a value or a list of values). */
  attributes: Record<string, unknown>;
};

export class SamlRefused extends Error {}

type XmlNode = { $?: Record<string, string>; [child: string]: unknown };
const children = (node: XmlNode | undefined, name: string): XmlNode[] => (Array.isArray(node?.[name]) ? (node[name] as XmlNode[]) : []);

/**
 * Verifies the identity provider's POSTed answer; throws otherwise. `requests` answers whether an InResponseTo is a
 * request we issued (node-saml asks it, and asks to remove it once it is answered, right or wrong).
 */
export async function verifyResponse(
  idp: IdentityProvider,
  sp: ServiceProvider,
  samlResponse: string,
  requests: { issued: (id: string) => Promise<Date | null>; remove: (id: string) => Promise<void> },
): Promise<VerifiedAssertion> {
  const cacheProvider: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (await requests.issued(key))?.toISOString() ?? null,
    removeAsync: async (key) => {
      if (key) await requests.remove(key);
      return key;
    },
  };
  const saml = new SAML({ ...baseOptions(idp, sp), cacheProvider });
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile?.inResponseTo) throw new SamlRefused('no answer to a request of ours');

  // The Destination of the response (outside the signed assertion when only the assertion is signed): when given, ours.
  const doc = await parseDomFromString(Buffer.from(samlResponse, 'base64').toString('utf8'));
  const destination = xpath.selectAttributes(doc, "/*[local-name()='Response']/@Destination")[0]?.nodeValue;
  if (destination !== undefined && destination !== sp.acsUrl) throw new SamlRefused('destination');

  // What follows is read from the signed assertion only.
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  const assertionId = assertion?.$?.ID;
  if (!assertion || !assertionId) throw new SamlRefused('no assertion id');
  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').flatMap((c) => children(c, 'SubjectConfirmationData'));
  if (confirmations.length === 0 || confirmations.some((data) => data.$?.Recipient !== sp.acsUrl)) throw new SamlRefused('recipient');
  const ends = [...children(assertion, 'Conditions').map((c) => c.$?.NotOnOrAfter), ...confirmations.map((data) => data.$?.NotOnOrAfter)]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => Date.parse(v))
    .filter((v) => Number.isFinite(v));
  if (ends.length === 0) throw new SamlRefused('no NotOnOrAfter');
  return {
    inResponseTo: profile.inResponseTo as string,
    assertionId,
    notOnOrAfter: Math.max(...ends) + CLOCK_SKEW_MS,
    nameId: profile.nameID,
    attributes: attributesOf(profile),
  };
}

const attributesOf = (profile: Profile): Record<string, unknown> =>
  typeof profile.attributes === 'object' && profile.attributes !== null ? (profile.attributes as Record<string, unknown>) : {};

/** The service provider's metadata for the identity provider: entity id, ACS (HTTP-POST), signed assertions wanted. */
export const serviceProviderMetadata = (sp: ServiceProvider): string =>
  generateServiceProviderMetadata({ issuer: sp.entityId, callbackUrl: sp.acsUrl, wantAssertionsSigned: true, identifierFormat: null });
