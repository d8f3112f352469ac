import { SHIFTS, type StationKind } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { atMoment, DAY } from '../../lib/clock.ts';
import type { Caller } from '../auth/caller.ts';
import { catalogTree } from '../organization/learning-path.queries.ts';
import { runQualificationClock } from '../qualifications/qualification-clock.ts';
import { assignShift, personQualifications } from '../qualifications/qualifications.service.ts';
import { signOff } from '../qualifications/signoffs.service.ts';
import { assignStation, createStation } from '../qualifications/stations.service.ts';

/**
 * The demo plant's stations, chosen by rule from whatever catalog is imported (the first listed videos of
 * categories on the teams' paths): a press with a practical checklist, a forklift licence that expires after six
 * months (so the matrix shows renewals and expiries), a final inspection, and a yearly safety induction required of
 * everyone. Teams are assigned at a few moments of the history, so later joiners get assigned too; their states
 * follow from the same watch reports as everything else.
 */

type DemoStation = {
  kind: StationKind;
  name: string;
  description: string;
  teams: string[];
  categoryIndex: number;
  /** The first videos of the category, or 'category': all of it (then its certificate expires with the training). */
  videos: number | 'category';
  checklist: string[];
  validityMonths: number | null;
};

const STATIONS: DemoStation[] = [
  {
    kind: 'station',
    name: 'Press 4',
    description: '200 t stamping press, line 2.',
    teams: ['Production'],
    categoryIndex: 0,
    videos: 2,
    checklist: ['Guards closed before cycling', 'Two-hand control used on every stroke', 'Die change locked out and tagged'],
    validityMonths: 12,
  },
  {
    kind: 'station',
    name: 'Forklift',
    description: 'Counterbalance forklift, warehouse and dock.',
    teams: ['Logistics'],
    categoryIndex: 1,
    videos: 2,
    checklist: [],
    validityMonths: 6,
  },
  {
    kind: 'station',
    name: 'Final inspection',
    description: 'Last check before parts leave the plant.',
    teams: ['Quality'],
    // The fourth category: on the Quality team's own path.
    categoryIndex: 3,
    videos: 2,
    checklist: ['Gauge checked against its master', 'Nonconforming part tagged and segregated'],
    validityMonths: null,
  },
  {
    kind: 'training',
    name: 'Plant safety induction',
    description: 'Yearly refresher for everyone on the floor.',
    teams: ['Production', 'Maintenance', 'Quality', 'Logistics', 'Management'],
    categoryIndex: 0,
    videos: 'category',
    checklist: [],
    validityMonths: 12,
  },
];

/** When the teams are (re)assigned, in days before the end of the history. */
const ASSIGN_DAYS_BEFORE_END = [150, 60, 7];

export type DemoStations = { created: Array<{ stationId: number; teams: string[] }>; assignments: number[] };

export async function createDemoStations(ctx: AppContext, superUser: Caller, organizationId: number, at: number, end: number): Promise<DemoStations> {
  const { categories, subCategories, videos } = await catalogTree(ctx.db);
  const listed = (categoryId: number) => {
    const subs = new Set(subCategories.filter((s) => s.category_id === categoryId).map((s) => s.id));
    return videos.filter((v) => subs.has(v.sub_category_id) && v.in_test === 1);
  };
  const usable = categories.filter((c) => listed(c.id).length > 0);
  const created: DemoStations['created'] = [];
  if (!usable.length) return { created, assignments: [] };
  await atMoment(at, async () => {
    for (const s of STATIONS) {
      const category = usable[s.categoryIndex % usable.length]!;
      const station = await createStation(ctx, superUser, organizationId, {
        kind: s.kind,
        name: s.name,
        description: s.description,
        requirements:
          s.videos === 'category'
            ? [{ kind: 'category' as const, id: category.id }]
            : listed(category.id)
                .slice(0, s.videos)
                .map((v) => ({ kind: 'video' as const, id: v.id })),
        checklist: s.checklist,
        validity_months: s.validityMonths,
        warning_days: 30,
        due_days: 21,
        min_per_shift: s.kind === 'station' ? 2 : 0,
        trainer_ids: [],
      });
      created.push({ stationId: station.id, teams: s.teams });
    }
  });
  return { created, assignments: ASSIGN_DAYS_BEFORE_END.map((days) => end - days * DAY) };
}

/** Assigns each station's team at the moments due by `at` (people already assigned keep their state). */
export async function assignDueStations(
  ctx: AppContext,
  superUser: Caller,
  organizationId: number,
  stations: DemoStations,
  teams: Map<string, number>,
  at: number,
) {
  while (stations.assignments.length && (stations.assignments[0] as number) <= at) {
    const moment = stations.assignments.shift() as number;
    await atMoment(moment, async () => {
      for (const { stationId, teams: names } of stations.created)
        for (const name of names) {
          const teamId = teams.get(name);
          if (teamId !== undefined) await assignStation(ctx, superUser, organizationId, stationId, { team_id: teamId, user_ids: [] });
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
