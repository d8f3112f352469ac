import { SHIFTS, type StationKind } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { atMoment, DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import type { Caller } from '../auth/index.ts';
import { catalogTree } from '../organization/index.ts';
import { reportWatchTime } from '../playback/index.ts';
import { assignShift, assignStation, personQualifications, runQualificationClock, signOff } from '../qualifications/index.ts';
import { createStation } from '../stations/index.ts';
import { viewerOf } from '../videos/index.ts';
import type { MemberPath } from './demo-history.ts';

/**
 * The demo plant's stations, each requiring the demo catalog's lessons about its own work (named by key): a press
 * with its set-up, guarding and lockout, a forklift licence valid for six months, a final inspection, and a yearly
 * safety induction required of everyone. Each checklist is what a trainer watches at that station. Stations go to
 * the people whose job they are, at a few moments of the history, so later joiners get assigned too; their states
 * follow from the same watch reports as everything else. Sign-offs fall on the history's last day, but for one
 * early licence (EARLY_LICENCE) that is close to expiry by then.
 */

type DemoStation = {
  kind: StationKind;
  name: string;
  description: string;
  teams: string[];
  /** Only the people of those teams in these roles (the station is their job); without it, the whole teams. */
  roles?: string[];
  /** What it requires, by catalog key: lessons, or a whole sub-category. */
  requires: { videos: string[] } | { subCategory: string };
  checklist: string[];
  validityMonths: number | null;
};

export const DEMO_STATIONS: DemoStation[] = [
  {
    kind: 'station',
    name: 'Press 4',
    description: '200 t stamping press, line 2.',
    teams: ['Production'],
    roles: ['Production Supervisor', 'Shift Lead', 'Setup Technician', 'Machine Operator', 'Process Technician', 'Apprentice Machinist'],
    requires: {
      videos: ['power-press-set-up-and-die-change', 'press-guarding-two-hand-controls-and-light-curtains', 'lockout-tagout-on-a-power-press'],
    },
    checklist: [
      'Press locked out and zero energy verified before reaching into the die area',
      'Die located on its keys and clamped to the torque on the set-up sheet',
      'Shut height set from the set-up sheet',
      'Gate interlock tested: opening the gate stops the press',
      'Two-hand control tested: one button alone gives no stroke',
      'Light curtain tested with the test rod at top, middle and bottom',
      'First stroke inched through with the guards in place',
      'First-hit part measured against the control plan and approved',
    ],
    validityMonths: 12,
  },
  {
    kind: 'station',
    name: 'Forklift',
    description: 'Counterbalance forklift, warehouse and dock.',
    teams: ['Logistics'],
    roles: ['Logistics Supervisor', 'Forklift Driver', 'Warehouse Operator', 'Inventory Controller'],
    requires: { videos: ['forklift-daily-pre-use-inspection', 'forklift-load-handling-and-pedestrian-safety'] },
    checklist: [
      'Pre-use check: forks, chains and mast',
      'Pre-use check: hydraulic leaks and tyres',
      'Pre-use check: horn, lights, travel alarm and seat belt',
      'Pre-use check: LPG cylinder or battery, connector and cables',
      'Brakes, steering, lift, lower and tilt tested before driving',
      'Load carried low and tilted back on the practical route',
      'Horn and stop at corners, doors and pedestrian crossings',
      'Parked with the forks down, brake on and key out',
    ],
    validityMonths: 6,
  },
  {
    kind: 'station',
    name: 'Final inspection',
    description: 'Last check before parts leave the plant.',
    teams: ['Quality'],
    roles: ['Quality Manager', 'Quality Engineer', 'Quality Inspector', 'Quality Technician', 'Metrology Technician'],
    requires: {
      videos: [
        'measuring-with-calipers-and-micrometers',
        'gauge-r-and-r-and-calibration',
        'first-article-inspection',
        'visual-inspection-and-defect-classification',
        'handling-nonconforming-material',
      ],
    },
    checklist: [
      'Calibration label of each gauge checked before use',
      'Caliper and micrometer zeroed and checked against a gauge block',
      'Parts inspected against the boundary samples',
      'Defects classified critical, major or minor and recorded',
      'Nonconforming part tagged and moved to quarantine',
      'Inspection record completed with the measured values',
    ],
    validityMonths: null,
  },
  {
    kind: 'training',
    name: 'Plant safety induction',
    description: 'Yearly refresher for everyone on the floor: PPE, evacuation and fire, chemicals, near misses.',
    teams: ['Production', 'Maintenance', 'Quality', 'Logistics', 'Management'],
    requires: { subCategory: 'site-safety' },
    checklist: [],
    validityMonths: 12,
  },
];

/**
 * The one licence in its warning period at the end of the history (the demo had nobody "expiring soon"): the
 * forklift instructor renewed his six-month forklift licence 168 days before the end, so it runs out about two
 * weeks after it, within the station's 30-day warning. He is a champion and joins in the first eight days, well
 * before that moment.
 */
export const EARLY_LICENCE = { station: 'Forklift', name: 'Kevin', lastName: 'Murphy', daysBeforeEnd: 168 } as const;

/** When the teams are (re)assigned, in days before the end of the history. */
const ASSIGN_DAYS_BEFORE_END = [150, 60, 7];

export type DemoStations = {
  created: Array<{ stationId: number; teams: string[]; roles?: string[] }>;
  assignments: number[];
  /** The early licence still to give: when, at which station, after which lessons (cleared once given). */
  early: { at: number; stationId: number; videoIds: number[] } | null;
};
/** Someone of the demo organization who has joined, as station assignment needs them. */
export type DemoMember = { userId: number; team: string; role: string };

export async function createDemoStations(ctx: AppContext, superUser: Caller, organizationId: number, at: number, end: number): Promise<DemoStations> {
  const { subCategories, videos } = await catalogTree(ctx.db);
  const videoIds = new Map(videos.map((v) => [v.key, v.id]));
  const subCategoryIds = new Map(subCategories.map((s) => [s.key, s.id]));
  const idOf = (ids: Map<string, number>, key: string) => {
    const id = ids.get(key);
    // The seed imports the demo catalog first: a missing lesson means catalog.json and this list disagree.
    if (id === undefined) throw new Error(`demo seed: the catalog has no ${key}`);
    return id;
  };
  const created: DemoStations['created'] = [];
  let early: DemoStations['early'] = null;
  await atMoment(at, async () => {
    for (const s of DEMO_STATIONS) {
      const station = await createStation(ctx, superUser, organizationId, {
        kind: s.kind,
        name: s.name,
        description: s.description,
        requirements:
          'subCategory' in s.requires
            ? [{ kind: 'sub_category' as const, id: idOf(subCategoryIds, s.requires.subCategory), requires_check: false }]
            : s.requires.videos.map((key) => ({ kind: 'video' as const, id: idOf(videoIds, key), requires_check: false })),
        checklist: s.checklist,
        validity_months: s.validityMonths,
        warning_days: 30,
        due_days: 21,
        min_per_shift: s.kind === 'station' ? 2 : 0,
        trainer_ids: [],
      });
      created.push({ stationId: station.id, teams: s.teams, ...(s.roles ? { roles: s.roles } : {}) });
      if (s.name === EARLY_LICENCE.station && 'videos' in s.requires) {
        early = {
          // At one in the morning, when no one of the history is training, joining or being assigned.
          at: Math.floor((end - EARLY_LICENCE.daysBeforeEnd * DAY) / DAY) * DAY + HOUR,
          stationId: station.id,
          videoIds: s.requires.videos.map((key) => idOf(videoIds, key)),
        };
      }
    }
  });
  return { created, assignments: ASSIGN_DAYS_BEFORE_END.map((days) => end - days * DAY), early };
}

/**
 * The early licence, once its moment is due by `at`: the station assigned to him, his path watched that night up to
 * the station's lessons (the path's required categories come first, so its lessons are open to him), and the super
 * user's sign-off with the checklist observed.
 */
export async function giveEarlyLicence(
  ctx: AppContext,
  superUser: Caller,
  organizationId: number,
  stations: DemoStations,
  person: { caller: Caller | undefined; path: MemberPath },
  at: number,
): Promise<void> {
  const early = stations.early;
  if (!early || early.at > at) return;
  stations.early = null;
  const { caller } = person;
  if (!caller) throw new Error(`demo seed: ${EARLY_LICENCE.name} ${EARLY_LICENCE.lastName} has not joined when his licence is due`);
  const sequence = person.path.flatMap((c) => c.videos);
  const last = Math.max(...early.videoIds.map((id) => sequence.findIndex((v) => v.videoId === id)));
  if (early.videoIds.some((id) => !sequence.some((v) => v.videoId === id))) throw new Error('demo seed: the early licence is not on his path');
  await atMoment(early.at, () => assignStation(ctx, superUser, organizationId, early.stationId, { user_ids: [caller.userId] }));
  const viewer = await atMoment(early.at, () => viewerOf(ctx, caller));
  // Lessons last at most two minutes: one every three.
  for (const [i, video] of sequence.slice(0, last + 1).entries()) {
    const seconds = video.durationSeconds;
    await atMoment(early.at + (i + 1) * 3 * MINUTE, () =>
      reportWatchTime(ctx, viewer, { user: caller.userId, video: video.videoId, timeSpent: seconds / 60, position: seconds }),
    );
  }
  await atMoment(early.at + (last + 3) * 3 * MINUTE, async () => {
    const station = (await personQualifications(ctx, superUser, organizationId, caller.userId)).stations.find((s) => s.station_id === early.stationId);
    if (station?.state !== 'awaiting_signoff')
      throw new Error(`demo seed: the early licence finds ${station?.state ?? 'no assignment'}, not awaiting sign-off`);
    await signOff(ctx, superUser, organizationId, {
      station_id: early.stationId,
      user_id: caller.userId,
      checklist: station.checklist.map((item) => ({ item, checked: true })),
      comment: 'Licence renewed: observed on the tow-train route.',
    });
  });
}

/**
 * Assigns each station its teams, or the people of its roles who have joined, at the moments due by `at` (people
 * already assigned keep their state).
 */
export async function assignDueStations(
  ctx: AppContext,
  superUser: Caller,
  organizationId: number,
  stations: DemoStations,
  teams: Map<string, number>,
  members: DemoMember[],
  at: number,
) {
  while (stations.assignments.length && (stations.assignments[0] as number) <= at) {
    const moment = stations.assignments.shift() as number;
    await atMoment(moment, async () => {
      for (const { stationId, teams: names, roles } of stations.created) {
        if (roles) {
          const userIds = members.filter((m) => names.includes(m.team) && roles.includes(m.role)).map((m) => m.userId);
          if (userIds.length) await assignStation(ctx, superUser, organizationId, stationId, { user_ids: userIds });
          continue;
        }
        for (const name of names) {
          const teamId = teams.get(name);
          if (teamId !== undefined) await assignStation(ctx, superUser, organizationId, stationId, { team_id: teamId, user_ids: [] });
        }
      }
    });
  }
}

/**
 * The end of the history: shifts for everyone assigned, sign-offs by the super user for most of the people waiting
 * for one (the two most recent keep waiting, so the matrix shows the state), and the day's clock.
 */
export async function finishDemoStations(ctx: AppContext, superUser: Caller, organizationId: number, people: Caller[], end: number): Promise<void> {
  await atMoment(end - DAY, async () => {
    let waiting = 0;
    for (const [index, person] of people.entries()) {
      const mine = await personQualifications(ctx, superUser, organizationId, person.userId);
      if (!mine.stations.length) continue;
      await assignShift(ctx, superUser, organizationId, person.userId, SHIFTS[index % SHIFTS.length] ?? null);
      for (const s of mine.stations) {
        if (s.state !== 'awaiting_signoff' || person.userId === superUser.userId) continue;
        if (waiting++ < 2) continue;
        await signOff(ctx, superUser, organizationId, {
          station_id: s.station_id,
          user_id: person.userId,
          checklist: s.checklist.map((item) => ({ item, checked: true })),
          comment: 'Observed a full shift at the station.',
        });
      }
    }
  });
  await atMoment(end, () => runQualificationClock(ctx));
}
