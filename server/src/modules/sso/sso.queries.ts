import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { SsoConnectionTable } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';

export const findConnection = (db: Db, organizationId: number) =>
  db.selectFrom('sso_connections').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();

export type ConnectionRow = NonNullable<Awaited<ReturnType<typeof findConnection>>>;

/** The connection an e-mail domain signs in through, if any. */
export const connectionOfDomain = (db: Db, domain: string) =>
  db
    .selectFrom('sso_domains')
    .innerJoin('sso_connections', 'sso_connections.organization_id', 'sso_domains.organization_id')
    .selectAll('sso_connections')
    .where('sso_domains.domain', '=', domain)
    .executeTakeFirst();

export async function organizationDomains(db: Db, organizationId: number): Promise<string[]> {
  const rows = await db.selectFrom('sso_domains').select('domain').where('organization_id', '=', organizationId).orderBy('domain').execute();
  return rows.map((r) => r.domain);
}

/** Which of these domains another organization already signs in with. */
export async function domainsOfOthers(db: Db, organizationId: number, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .selectFrom('sso_domains')
    .select('domain')
    .where('domain', 'in', domains)
    .where('organization_id', '!=', organizationId)
    .orderBy('domain')
    .execute();
  return rows.map((r) => r.domain);
}

export type ConnectionFields = Omit<Insertable<SsoConnectionTable>, 'created_at' | 'updated_at' | 'protocol'> & { protocol: 'oidc' | 'saml' };

/** Saves the organization's connection, of either protocol (a save of the other protocol replaces it). */
export async function upsertConnection(db: Db, row: ConnectionFields): Promise<void> {
  const t = now();
  const fields = {
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret_sealed: row.client_secret_sealed,
    team_claim: row.team_claim ?? null,
    protocol: row.protocol,
    saml_sso_url: row.saml_sso_url ?? null,
    saml_certificate: row.saml_certificate ?? null,
    saml_metadata_url: row.saml_metadata_url ?? null,
  };
  await db
    .insertInto('sso_connections')
    .values({ organization_id: row.organization_id, ...fields, created_at: t, updated_at: t })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...fields, updated_at: t }))
    .execute();
}

/**
 * Replaces the organization's domains. A domain another organization holds is left to it (never taken over):
 * answers the domains that could not be claimed, so the caller refuses the whole change (two organizations
 * claiming one domain at once: the primary key lets one of them have it).
 */
export async function replaceDomains(db: Db, organizationId: number, domains: string[]): Promise<string[]> {
  await db.deleteFrom('sso_domains').where('organization_id', '=', organizationId).execute();
  if (domains.length === 0) return [];
  await db
    .insertInto('sso_domains')
    .values(domains.map((domain) => ({ domain, organization_id: organizationId })))
    .onConflict((oc) => oc.column('domain').doNothing())
    .execute();
  return domainsOfOthers(db, organizationId, domains);
}

export async function insertSignIn(
  db: Db,
  row: { state_hash: string; organization_id: number; browser_key_hash: string; nonce: string; code_verifier_sealed: string; expires_at: number },
): Promise<void> {
  await db.deleteFrom('sso_sign_ins').where('expires_at', '<', now()).execute();
  await db.insertInto('sso_sign_ins').values(row).execute();
}

/** Takes a sign-in under way by its state's hash, once: a second use of the same answer finds nothing. */
export async function takeSignIn(db: Db, stateHash: string) {
  const row = await db.deleteFrom('sso_sign_ins').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
  return row && row.expires_at > now() ? row : undefined;
}

export async function findIdentityUser(db: Db, organizationId: number, issuer: string, subject: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sso_identities')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function linkIdentity(db: Db, row: { organization_id: number; issuer: string; subject: string; user_id: number }): Promise<void> {
  await db
    .insertInto('sso_identities')
    .values({ ...row, created_at: now() })
    .onConflict((oc) => oc.columns(['organization_id', 'issuer', 'subject']).doNothing())
    .execute();
}

/** Deletes the organization's connection, its domains and its sign-ins under way; answers whether there was one. */
export async function deleteConnection(db: Db, organizationId: number): Promise<boolean> {
  const gone = await db.deleteFrom('sso_connections').where('organization_id', '=', organizationId).returning('organization_id').executeTakeFirst();
  await db.deleteFrom('sso_domains').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('sso_sign_ins').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('saml_requests').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('saml_sign_in_codes').where('organization_id', '=', organizationId).execute();
  return gone !== undefined;
}

export async function insertSamlRequest(
  db: Db,
  row: { id: string; organization_id: number; browser_key_hash: string; created_at: number; expires_at: number },
) {
  await db.deleteFrom('saml_requests').where('expires_at', '<', now()).execute();
  await db.insertInto('saml_requests').values(row).execute();
}

/** A request we issued for this organization, still valid (InResponseTo); read only. */
export const findSamlRequest = (db: Db, organizationId: number, id: string) =>
  db
    .selectFrom('saml_requests')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('expires_at', '>', now())
    .executeTakeFirst();

/** Takes a request we issued, once: a second answer to it finds nothing. */
export const takeSamlRequest = (db: Db, organizationId: number, id: string) =>
  db.deleteFrom('saml_requests').where('id', '=', id).where('organization_id', '=', organizationId).returningAll().executeTakeFirst();

/**
 * Notes an assertion as used until it expires; false when it was used already (the primary key refuses the second,
 * so two parallel posts of one assertion cannot both pass).
 */
export async function useAssertion(db: Db, organizationId: number, assertionId: string, expiresAt: number): Promise<boolean> {
  await db.deleteFrom('saml_used_assertions').where('expires_at', '<', now()).execute();
  const row = await db
    .insertInto('saml_used_assertions')
    .values({ organization_id: organizationId, assertion_id: assertionId, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['organization_id', 'assertion_id']).doNothing())
    .returning('assertion_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSamlCode(
  db: Db,
  row: { code_hash: string; organization_id: number; browser_key_hash: string; profile: string; expires_at: number },
) {
  await db.deleteFrom('saml_sign_in_codes').where('expires_at', '<', now()).execute();
  await db.insertInto('saml_sign_in_codes').values(row).execute();
}

/** Takes a verified SAML sign-in by its code's hash, once. */
export async function takeSamlCode(db: Db, codeHash: string) {
  const row = await db.deleteFrom('saml_sign_in_codes').where('code_hash', '=', codeHash).returningAll().executeTakeFirst();
  return row && row.expires_at > now() ? row : undefined;
}
