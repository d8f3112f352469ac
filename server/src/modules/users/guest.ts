import type { AppContext } from '../../app-context.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { insertOrganization } from '../tenancy/index.ts';
import { findUserByEmail, insertUser, updateUser } from './users.queries.ts';

export const GUEST_ORGANIZATION = 'Guest access';

/**
 * The shared guest account from GUEST_EMAIL / GUEST_PASSWORD: created at boot, its password
 * kept in step with the configuration. It is read-only (auth/caller.ts refuses its writes).
 */
export async function ensureGuestAccount(ctx: AppContext): Promise<void> {
  const { email, password } = ctx.config.guest;
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (existing.is_guest !== 1) return; // a real account owns this address: never turn it into a guest
    if (!(await verifyPassword(existing.password_hash, password))) {
      await updateUser(ctx.db, existing.id, { password_hash: await hashPassword(password) });
    }
    return;
  }
  const organizationId = await insertOrganization(ctx.db, GUEST_ORGANIZATION);
  await insertUser(ctx.db, {
    organization_id: organizationId,
    team_id: null,
    email,
    password_hash: await hashPassword(password),
    name: 'Guest',
    last_name: '',
    company: GUEST_ORGANIZATION,
    role: 'Guest',
    picture: null,
    is_super_user: 0,
    is_guest: 1,
    first_login: 0,
    timezone: null,
  });
}
