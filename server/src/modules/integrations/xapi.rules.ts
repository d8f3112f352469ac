import { createHash } from 'node:crypto';
import type { XapiVerb } from '@mm/contract';
import XAPI, { type Statement } from '@xapi/xapi';

/**
 * xAPI statements (issue 39), built from the domain events' plain payloads with the ADL vocabulary of @xapi/xapi
 * (3.0.3). "experienced" is not among the package's constants; its ADL id is written here.
 *
 * The actor is always the member's account on this platform, `{ homePage: <public URL>, name: <member id> }`, never
 * an mbox: the LRS learns no e-mail address, members without e-mail are stated the same way, and a changed address
 * does not split a member's history in two. Object ids are the platform's own pages (a lesson `/video/<id>`, its
 * knowledge check `/video/<id>/check`, a category `/category/<id>`).
 */

const VERBS: Record<XapiVerb, { id: string; display: { 'en-US': string } }> = {
  experienced: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced' } },
  completed: XAPI.Verbs.COMPLETED as { id: string; display: { 'en-US': string } },
  passed: XAPI.Verbs.PASSED as { id: string; display: { 'en-US': string } },
  failed: XAPI.Verbs.FAILED as { id: string; display: { 'en-US': string } },
};

export const ACTIVITY_TYPES = {
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  assessment: 'http://adlnet.gov/expapi/activities/assessment',
  course: 'http://adlnet.gov/expapi/activities/course',
  link: 'http://adlnet.gov/expapi/activities/link',
} as const;

/** The xAPI version the statements and their requests speak. */
export const XAPI_VERSION = '1.0.3';

/**
 * A statement id derived from the fact (a name-based UUID, version 5 layout over SHA-1): the same fact always gets the
 * same id, so a statement sent again (a retry, an attempt whose answer was lost) is kept once by the LRS.
 */
export function statementIdOf(organizationId: number, fact: string): string {
  const hash = createHash('sha1').update(`manufacturing-masters/xapi/${organizationId}/${fact}`, 'utf8').digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export type StatementFact = {
  /** What makes the fact unique within the organization (e.g. `check:<attempt id>`): the statement id is derived from it. */
  key: string;
  verb: XapiVerb;
  userId: number;
  at: number;
  object: { path: string; type: keyof typeof ACTIVITY_TYPES; name?: string };
  score?: { percent: number; success: boolean };
};

/** The statement of a fact, as sent (and stored: a retry sends the very same JSON). */
export function statementOf(publicUrl: string, organizationId: number, fact: StatementFact): Statement & { id: string } {
  const object = {
    objectType: 'Activity' as const,
    id: `${publicUrl}${fact.object.path}`,
    definition: {
      type: ACTIVITY_TYPES[fact.object.type],
      ...(fact.object.name ? { name: { 'en-US': fact.object.name } } : {}),
    },
  };
  return {
    id: statementIdOf(organizationId, fact.key),
    actor: { objectType: 'Agent', account: { homePage: publicUrl, name: String(fact.userId) } },
    verb: VERBS[fact.verb],
    object,
    ...(fact.score
      ? {
          result: {
            score: { scaled: fact.score.percent / 100, raw: fact.score.percent, min: 0, max: 100 },
            success: fact.score.success,
            completion: true,
          },
        }
      : fact.verb === 'completed'
        ? { result: { completion: true } }
        : {}),
    context: { platform: 'Manufacturing Masters', language: 'en-US' },
    timestamp: new Date(fact.at).toISOString(),
    version: XAPI_VERSION,
  } as Statement & { id: string };
}

/** The statements endpoint of an LRS base (`…/xapi` or `…/xapi/`; one already ending in /statements is kept). */
export const statementsUrlOf = (endpoint: string): string => {
  const base = endpoint.replace(/\/+$/, '');
  return /\/statements$/.test(base) ? base : `${base}/statements`;
};

export const basicAuthOf = (username: string, secret: string): string => XAPI.toBasicAuth(username, secret);
