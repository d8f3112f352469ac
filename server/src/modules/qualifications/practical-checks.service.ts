import type { PracticalCheckDetailData, PracticalCheckRecord, StationPracticalChecksData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import { appendEvidence, practicalCheckRecord } from '../evidence/index.ts';
import { type MediaSigner, mediaSigner } from '../media/index.ts';
import { insertNotices } from '../notices/index.ts';
import {
  assertCanManageQualifications,
  findStation,
  listStations,
  PERSON_NOT_FOUND,
  peopleOf,
  requiredVideosOf,
  STATION_NOT_FOUND,
  stationsTrainedBy,
  superUsersOf,
} from '../stations/index.ts';
import {
  assignedTeamMembers,
  countStationPracticalChecks,
  findPracticalCheck,
  insertPracticalCheck,
  type PracticalStepValue,
  stationPracticalChecks,
  stationTrainersOf,
} from './practical-checks.queries.ts';
import { QUALIFICATION_NOTICE, refreshQualifications } from './qualification-state.ts';
import { qualificationsOfPerson } from './qualifications.queries.ts';
import { insertSignoff } from './signoffs.queries.ts';
import { NO_CHECKLIST, NOT_ASSIGNED, TRAINING_INCOMPLETE } from './signoffs.service.ts';
import { completedRecords } from './training-records.queries.ts';

export const STEPS_MISMATCH = "steps: give the station's checklist steps, each once and in its order.";
export const NOT_A_SIGNER = 'This trainer may not sign people off at this station: only its trainers or a super user.';
export const NOT_YOUR_OWN = 'A trainer cannot record their own practical check.';

type Person = { user_id: number; name: string; last_name: string };

/** The stations in use with a checklist, the team's people assigned to each, and who may sign them off there. */
export async function practicalStationsOfTeam(ctx: AppContext, organizationId: number, teamId: number) {
  const [stations, members, trainers, superUsers] = await Promise.all([
    listStations(ctx.db, organizationId),
    assignedTeamMembers(ctx.db, organizationId, teamId),
    stationTrainersOf(ctx.db, organizationId),
    superUsersOf(ctx.db, [organizationId]),
  ]);
  const supers: Person[] = superUsers.map((u) => ({ user_id: u.id, name: u.name, last_name: u.last_name }));
  const person = ({ user_id, name, last_name }: Person): Person => ({ user_id, name, last_name });
  return stations
    .filter((s) => s.checklist.length > 0)
    .map((s) => {
      const operators = members.filter((m) => m.station_id === s.id).map(person);
      // A super user signs off anywhere (signoffs' rule): the station's trainers first, then the super users not among them.
      const named = trainers.filter((t) => t.station_id === s.id).map(person);
      const signers = [...named, ...supers.filter((u) => !named.some((t) => t.user_id === u.user_id))];
      return { id: s.id, name: s.name, checklist: s.checklist, operators, trainers: signers };
    })
    .filter((s) => s.operators.length > 0);
}

export type PracticalCheckInput = {
  stationId: number;
  operatorId: number;
  trainerId: number;
  kioskId: number;
  steps: PracticalStepValue[];
};

/**
 * Records a practical check observed on a kiosk (issue 38): the station's checklist, each step passed or failed with
 * a note and an optional photo. Everything that can be refused is checked before `confirm` runs (the two PINs: no
 * wrong form costs a PIN attempt), then the check, its evidence record and, when every step passed, the station's
 * sign-off (its own signed_off record, as a sign-off from the person page) are written in one transaction. A failed
 * step means no sign-off: the person's page then names the steps that failed.
 */
export async function recordPracticalCheck(
  ctx: AppContext,
  organizationId: number,
  input: PracticalCheckInput,
  confirm: () => Promise<void>,
): Promise<PracticalCheckRecord> {
  const station = await findStation(ctx.db, organizationId, input.stationId);
  if (!station) throw notFound(STATION_NOT_FOUND);
  if (!station.checklist.length) throw conflict(NO_CHECKLIST);
  const [operator, trainer] = await Promise.all([
    peopleOf(ctx.db, organizationId, [input.operatorId]).then((r) => r[0]),
    peopleOf(ctx.db, organizationId, [input.trainerId]).then((r) => r[0]),
  ]);
  if (!operator || !trainer) throw notFound(PERSON_NOT_FOUND);
  if (operator.id === trainer.id) throw forbidden(NOT_YOUR_OWN);
  const trains = (await stationsTrainedBy(ctx.db, trainer.id)).includes(station.id);
  if (trainer.is_super_user !== 1 && !trains) throw forbidden(NOT_A_SIGNER);
  if (!(await qualificationsOfPerson(ctx.db, organizationId, operator.id)).some((r) => r.station_id === station.id)) throw conflict(NOT_ASSIGNED);
  if (input.steps.length !== station.checklist.length || station.checklist.some((item, i) => input.steps[i]?.item !== item)) {
    throw badRequest(STEPS_MISMATCH);
  }
  const passed = input.steps.every((s) => s.passed);
  const videos = await requiredVideosOf(ctx.db, [station.id]);
  const records = await completedRecords(
    ctx.db,
    [operator.id],
    videos.map((v) => v.video_id),
  );
  // A passed check is the sign-off, which follows the training (as from the person page); a failed one is kept anyway.
  if (passed && (!videos.length || records.length < videos.length)) throw conflict(TRAINING_INCOMPLETE);

  await confirm();

  const trainerName = fullName(trainer);
  const t = now();
  const revisions = videos.flatMap((v) => {
    const record = records.find((r) => r.video_id === v.video_id);
    return record ? [{ video_id: v.video_id, title: v.title, revision: record.revision, completed_at: toIso(Number(record.completed_at)) ?? '' }] : [];
  });
  const id = await ctx.db.transaction().execute(async (trx) => {
    let signoffId: number | null = null;
    if (passed) {
      const comment = 'Practical check on the kiosk: every step passed, confirmed by the operator’s and the trainer’s PINs.';
      signoffId = await insertSignoff(trx, {
        organizationId,
        stationId: station.id,
        userId: operator.id,
        signedBy: trainer.id,
        signedByName: trainerName,
        signedAt: t,
        comment,
        checklist: station.checklist.map((item) => ({ item, checked: true })),
        evidence: revisions,
      });
    }
    const checkId = await insertPracticalCheck(trx, {
      organizationId,
      stationId: station.id,
      userId: operator.id,
      trainerId: trainer.id,
      trainerName,
      kioskId: input.kioskId,
      recordedAt: t,
      passed,
      steps: input.steps,
      signoffId,
    });
    await appendEvidence(trx, organizationId, [
      {
        kind: 'practical_check',
        at: t,
        user_id: operator.id,
        station_id: station.id,
        video_id: null,
        revision: null,
        detail: {
          practical_check_id: checkId,
          station: station.name,
          trainer: trainerName,
          trainer_id: trainer.id,
          kiosk_id: input.kioskId,
          passed,
          steps: input.steps,
          confirmed_by: ['operator_pin', 'trainer_pin'],
        },
      },
      ...(signoffId === null
        ? []
        : [
            {
              kind: 'signed_off' as const,
              at: t,
              user_id: operator.id,
              station_id: station.id,
              video_id: null,
              revision: null,
              detail: {
                signoff_id: signoffId,
                station: station.name,
                signed_by: trainerName,
                checklist: station.checklist,
                comment: 'Practical check on the kiosk: every step passed, confirmed by the operator’s and the trainer’s PINs.',
                revisions,
              },
            },
          ]),
    ]);
    if (passed) {
      await insertNotices(
        trx,
        [
          {
            userId: operator.id,
            senderId: trainer.id,
            kind: QUALIFICATION_NOTICE,
            text: { key: 'signedOff', values: { signer: trainerName, station: station.name } },
          },
        ],
        t,
      );
      await refreshQualifications(ctx.events, trx, { stationIds: [station.id], userIds: [operator.id] }, t);
    }
    return checkId;
  });
  return {
    id,
    station_id: station.id,
    station_name: station.name,
    user_id: operator.id,
    person_name: fullName(operator),
    trainer_name: trainerName,
    recorded_at: toIso(t) ?? '',
    passed,
    steps: signedPhotos(await mediaSigner(ctx.db), input.steps),
  };
}

/** A check's steps as an allowed reader receives them: each photo as a signed address (private-uploads.ts). */
export function signedPhotos(signer: MediaSigner, steps: PracticalStepValue[]): PracticalStepValue[] {
  return steps.map((step) => (step.photo_url ? { ...step, photo_url: signer.uploadUrl(step.photo_url) } : step));
}

export const PRACTICAL_CHECK_NOT_FOUND = 'This practical check was not found.';

/**
 * A practical check as a supervisor reads it: the station, the operator, the trainer, when, each step with its note and
 * photo (signed addresses: the photos are the organization's super users' to see), and its evidence record. Super
 * users of the organization only; another organization's check is 404.
 */
export async function practicalCheckDetail(ctx: AppContext, caller: Caller, organizationId: number, checkId: number): Promise<PracticalCheckDetailData> {
  assertCanManageQualifications(caller, organizationId);
  const row = await findPracticalCheck(ctx.db, organizationId, checkId);
  if (!row) throw notFound(PRACTICAL_CHECK_NOT_FOUND);
  const at = Number(row.recorded_at);
  const [evidence, signer] = await Promise.all([
    practicalCheckRecord(ctx.db, organizationId, { id: row.id, userId: row.user_id, stationId: row.station_id, at }),
    mediaSigner(ctx.db),
  ]);
  return {
    id: row.id,
    station_id: row.station_id,
    station_name: row.station_name,
    user_id: row.user_id,
    person_name: fullName(row),
    trainer_name: row.trainer_name,
    recorded_at: toIso(at) ?? '',
    kiosk: row.kiosk_id === null || row.kiosk_name === null ? null : { id: row.kiosk_id, name: row.kiosk_name, revoked: row.kiosk_revoked_at !== null },
    passed: row.passed === 1,
    signed_off: row.signoff_id !== null,
    steps: signedPhotos(signer, JSON.parse(row.steps) as PracticalStepValue[]),
    evidence: evidence ?? null,
  };
}

/**
 * The practical checks recorded at a station, newest first, a page at a time, for the station's page (the details
 * dialog opens each). Super users of the organization only; another organization's station, or none, is 404.
 */
export async function practicalChecksAtStation(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  stationId: number,
  page: { skip: number; take: number },
): Promise<StationPracticalChecksData> {
  assertCanManageQualifications(caller, organizationId);
  if (!(await findStation(ctx.db, organizationId, stationId))) throw notFound(STATION_NOT_FOUND);
  const [rows, total] = await Promise.all([
    stationPracticalChecks(ctx.db, organizationId, stationId, page),
    countStationPracticalChecks(ctx.db, organizationId, stationId),
  ]);
  return {
    checks: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      person_name: fullName(row),
      trainer_name: row.trainer_name,
      recorded_at: toIso(Number(row.recorded_at)) ?? '',
      passed: row.passed === 1,
      signed_off: row.signoff_id !== null,
    })),
    total,
    skip: page.skip,
    take: page.take,
  };
}
