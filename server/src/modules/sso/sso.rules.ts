import { timingSafeEqual } from 'node:crypto';

/** Pure rules of single sign-on (no I/O). */

/** Two hashes compared in constant time. */
export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The domain of an e-mail address, lower-cased; '' when it has none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Whether an issuer address may be used: https always, http only where the operator allows it (a local test provider). */
export function issuerAllowed(issuer: string, allowHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
}

/** The team a claim names: a string, or the first string of a list (groups); null when it names none. */
export function claimedTeamName(claims: Record<string, unknown>, claim: string | null): string | null {
  if (!claim) return null;
  const value = claims[claim];
  const first = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
  if (typeof first !== 'string') return null;
  const name = first.trim();
  return name === '' ? null : name.slice(0, 100);
}

/** The member's first and last name from the ID token's claims, else the e-mail's local part. */
export function claimedName(claims: Record<string, unknown>, email: string): { name: string; lastName: string } {
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string).trim() : '');
  const given = text('given_name');
  const family = text('family_name');
  if (given) return { name: given.slice(0, 100), lastName: family.slice(0, 100) };
  const full = text('name');
  if (full) {
    const [first, ...rest] = full.split(/\s+/);
    return { name: (first ?? full).slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
  }
  return { name: email.split('@')[0]!.slice(0, 100), lastName: '' };
}

/** The provider's refusal (error and description of the redirect) as a short single line, for the person to read. */
export function providerError(params: URLSearchParams): string | null {
  const error = params.get('error');
  if (!error) return null;
  const description = params.get('error_description') ?? '';
  return `${error}${description ? `: ${description}` : ''}`.replace(/\p{Cc}/gu, ' ').slice(0, 200);
}

/** The first text value of a SAML attribute (a value or a list of values); '' when none. */
export function attributeText(attributes: Record<string, unknown>, names: string[]): string {
  for (const name of names) {
    const value = attributes[name];
    const first = Array.isArray(value) ? value.find((v) => typeof v === 'string') : value;
    if (typeof first === 'string' && first.trim() !== '') return first.trim();
  }
  return '';
}

const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const GIVEN_NAME_ATTRIBUTES = ['given_name', 'givenName', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname'];
const FAMILY_NAME_ATTRIBUTES = ['family_name', 'sn', 'surname', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname'];
const EMAIL_SHAPED = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A SAML identity as the claims the member rules read (as OpenID Connect's): the NameID is the subject; the e-mail is
 * the usual e-mail attribute, else the NameID when it is an address; the team is the configured attribute.
 */
export function samlClaims(nameId: string, attributes: Record<string, unknown>, teamAttribute: string | null): Record<string, unknown> {
  const email = attributeText(attributes, EMAIL_ATTRIBUTES) || (EMAIL_SHAPED.test(nameId) ? nameId : '');
  const claims: Record<string, unknown> = { sub: nameId, email };
  const given = attributeText(attributes, GIVEN_NAME_ATTRIBUTES);
  const family = attributeText(attributes, FAMILY_NAME_ATTRIBUTES);
  if (given) claims.given_name = given;
  if (family) claims.family_name = family;
  if (teamAttribute && attributes[teamAttribute] !== undefined) claims[teamAttribute] = attributes[teamAttribute];
  return claims;
}
