/** The qualifications module's public face: what other modules may use of it (they import nothing else of it). */
export { type AssessmentAttemptEvidence, recordAssessmentEvidence } from './assessment-evidence.ts';
export { runQualificationClock } from './qualification-clock.ts';
export { recordTraining } from './qualification-state.ts';
export { certificateExpiries, setNewPeopleShifts, superUsersOf } from './qualifications.queries.ts';
export { isCleared } from './qualifications.rules.ts';
export { assignShift, personQualifications } from './qualifications.service.ts';
export { retrainOnRevisions } from './retraining.ts';
export { signOff } from './signoffs.service.ts';
export { personStateAtStation } from './station-floor.service.ts';
export { listStations } from './stations.queries.ts';
export { assignStation, createStation } from './stations.service.ts';
export { recordTalkEvidence } from './talk-evidence.ts';
