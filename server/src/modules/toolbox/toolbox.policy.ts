import type { Caller } from '../../lib/auth.ts';
import { managedOrganizationOf } from '../organization/organization.policy.ts';

/**
 * A toolbox talk is led by a super user of the organization, for its own people only. Station trainers
 * (issue 16) may lead one too once stations record who trains them.
 */
export const toolboxOrganizationOf = (caller: Caller): number => managedOrganizationOf(caller);
