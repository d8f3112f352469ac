/** The evidence module's public face: what other modules may use of it (they import nothing else of it). */
export { type AssessmentAttemptEvidence, type AssessmentSubject, recordAssessmentEvidence } from './assessment-evidence.ts';
export type { CurrentStanding } from './audit-pack.ts';
export { appendEvidence, practicalCheckRecord } from './evidence.queries.ts';
export type { EvidenceEntry, EvidenceKind } from './evidence-chain.ts';
export { recordTalkEvidence } from './talk-evidence.ts';
