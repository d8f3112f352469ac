import type { DomainEvents } from '../../lib/domain-events.ts';
import { revokeUserSessions } from './sessions.queries.ts';

/** What auth does when other modules report a fact (docs/architecture.md, "Domain events"). */
export function subscribeAuth(events: DomainEvents): void {
  // A deactivated member is signed out everywhere at once: their open sessions end with the deactivation.
  events.on('member.deactivated', 'auth: end the sessions', (trx, { userId }) => revokeUserSessions(trx, userId));
}
