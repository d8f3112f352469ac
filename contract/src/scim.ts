import { z } from 'zod';

/** The organization's SCIM set-up as its super user sees it: where the identity provider calls, and with what. */
export const scimSettingsData = z.object({
  /** The SCIM base URL to give the identity provider (Entra's "Tenant URL", Okta's "SCIM connector base URL"). */
  base_url: z.string(),
  /** The live token, never its value (shown once, when created): null when there is none. */
  token: z.object({ created_at: z.string(), last_used_at: z.string().nullable() }).nullable(),
  /** The last provisioning calls, newest first. */
  requests: z.array(z.object({ at: z.string(), method: z.string(), path: z.string(), status: z.number().int() })),
});
export type ScimSettingsData = z.infer<typeof scimSettingsData>;

/** A new SCIM token: its value is shown this once (only its hash is kept); any token before it stops working. */
export const scimTokenData = z.object({ token: z.string(), base_url: z.string() });
export type ScimTokenData = z.infer<typeof scimTokenData>;
