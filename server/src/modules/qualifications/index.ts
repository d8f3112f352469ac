/** The qualifications module's public face: what other modules may use of it (they import nothing else of it). */

export { practicalStationsOfTeam, recordPracticalCheck } from './practical-checks.service.ts';
export { runQualificationClock } from './qualification-clock.ts';
export { recordTraining } from './qualification-state.ts';
export { certificateExpiries, setNewPeopleShifts } from './qualifications.queries.ts';
export { isCleared } from './qualifications.rules.ts';
export { assignShift, currentStanding, personQualifications } from './qualifications.service.ts';
export { retrainOnRevisions } from './retraining.ts';
export { signOff } from './signoffs.service.ts';
export { assignStation } from './station-changes.service.ts';
export { personStateAtStation } from './station-floor.service.ts';
export { trainingCycleStart } from './training-records.queries.ts';
