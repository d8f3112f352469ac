import type { SignoffRecord, SignoffsData, signOffRequest, signoffsQuery } from '@mm/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { now, toIso } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import { appendEvidence } from '../evidence/index.ts';
import { insertNotices } from '../notices/index.ts';
import {
  assertCanManageQualifications,
  findStation,
  PERSON_NOT_FOUND,
  peopleOf,
  requiredVideosOf,
  STATION_NOT_FOUND,
  stationsTrainedBy,
} from '../stations/index.ts';
import { findUserById } from '../users/index.ts';
import { QUALIFICATION_NOTICE, refreshQualifications } from './qualification-state.ts';
import { assertCanSignOff, NOT_YOUR_QUALIFICATIONS } from './qualifications.policy.ts';
import { qualificationsOfPerson } from './qualifications.queries.ts';
import { signoffRecordOf } from './qualifications.service.ts';
import { findSignoffs, insertSignoff } from './signoffs.queries.ts';
import { completedRecords } from './training-records.queries.ts';

export const NOT_ASSIGNED = 'This person is not assigned to the station.';
export const NO_CHECKLIST = 'This station has no practical checklist: people qualify by completing its videos.';
export const CHECKLIST_INCOMPLETE = 'Tick every item of the checklist you observed: all of them are needed to sign off.';
export const TRAINING_INCOMPLETE = 'This person has not completed the required videos yet.';

/**
 * A supervisor signs a person off at a station: every checklist item observed, after the person completed the
 * current cycle's videos. The record keeps who, when, the checklist as ticked and the revision of each required
 * video the person completed; the evidence chain gets it, and the person's state moves in the same transaction.
 */
export async function signOff(ctx: AppContext, caller: Caller, organizationId: number, input: z.output<typeof signOffRequest>): Promise<SignoffRecord> {
  const isTrainer = (await stationsTrainedBy(ctx.db, caller.userId)).includes(input.station_id);
  assertCanSignOff(caller, organizationId, input.user_id, isTrainer);
  const station = await findStation(ctx.db, organizationId, input.station_id);
  if (!station) throw notFound(STATION_NOT_FOUND);
  const [person] = await peopleOf(ctx.db, organizationId, [input.user_id]);
  if (!person) throw notFound(PERSON_NOT_FOUND);
  const row = (await qualificationsOfPerson(ctx.db, organizationId, input.user_id)).find((r) => r.station_id === station.id);
  if (!row) throw conflict(NOT_ASSIGNED);
  if (!station.checklist.length) throw conflict(NO_CHECKLIST);
  const ticked = new Map(input.checklist.map((c) => [c.item, c.checked]));
  if (input.checklist.length !== station.checklist.length || station.checklist.some((item) => ticked.get(item) !== true))
    throw badRequest(CHECKLIST_INCOMPLETE);
  const videos = await requiredVideosOf(ctx.db, [station.id]);
  const records = await completedRecords(
    ctx.db,
    [input.user_id],
    videos.map((v) => v.video_id),
  );
  if (!videos.length || records.length < videos.length) throw conflict(TRAINING_INCOMPLETE);
  const signer = await findUserById(ctx.db, caller.userId);
  const signerName = signer ? fullName(signer) : '';
  const evidence = videos.map((v) => {
    const record = records.find((r) => r.video_id === v.video_id)!;
    return { video_id: v.video_id, title: v.title, revision: record.revision, completed_at: toIso(Number(record.completed_at)) ?? '' };
  });
  const t = now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const signoffId = await insertSignoff(trx, {
      organizationId,
      stationId: station.id,
      userId: input.user_id,
      signedBy: caller.userId,
      signedByName: signerName,
      signedAt: t,
      comment: input.comment,
      checklist: station.checklist.map((item) => ({ item, checked: true })),
      evidence,
    });
    await appendEvidence(trx, organizationId, [
      {
        kind: 'signed_off',
        at: t,
        user_id: input.user_id,
        station_id: station.id,
        video_id: null,
        revision: null,
        detail: {
          signoff_id: signoffId,
          station: station.name,
          signed_by: signerName,
          checklist: station.checklist,
          comment: input.comment,
          revisions: evidence,
        },
      },
    ]);
    await insertNotices(
      trx,
      [
        {
          userId: input.user_id,
          senderId: caller.userId,
          kind: QUALIFICATION_NOTICE,
          text: { key: 'signedOff', values: { signer: signerName, station: station.name } },
        },
      ],
      t,
    );
    await refreshQualifications(ctx.events, trx, { stationIds: [station.id], userIds: [input.user_id] }, t);
    return signoffId;
  });
  const [saved] = await findSignoffs(ctx.db, organizationId, { ids: [id] });
  return signoffRecordOf(saved!);
}

/** Sign-offs: a super user sees the organization's; a member their own. */
export async function listSignoffs(ctx: AppContext, caller: Caller, organizationId: number, query: z.output<typeof signoffsQuery>): Promise<SignoffsData> {
  if (caller.isSuperUser) assertCanManageQualifications(caller, organizationId);
  else if (caller.organizationId !== organizationId || query.user_id !== caller.userId || caller.isGuest) throw forbidden(NOT_YOUR_QUALIFICATIONS);
  const rows = await findSignoffs(ctx.db, organizationId, { stationId: query.station_id, userId: query.user_id });
  return { signoffs: rows.map(signoffRecordOf) };
}
