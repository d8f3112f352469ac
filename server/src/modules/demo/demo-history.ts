import { DAY, HOUR, MINUTE } from '../../lib/clock.ts';
import type { Persona } from './demo-people.ts';

/**
 * Six months of a training programme as plain data: who joins when, which video each member watches when,
 * when the supervisor nudges whom. Deterministic (a seeded PRNG), so every seed of the demo tells the same story;
 * demo-organization.ts plays it through the product's services.
 */

/** Days of history before the seed's moment. */
export const HISTORY_DAYS = 182;

/** mulberry32: a small, fast, seedable PRNG (Math.random cannot be seeded). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type PathVideo = { videoId: number; categoryId: number; essential: number; durationSeconds: number };
/** A member's path as the videos they see, category by category in path order. */
export type MemberPath = Array<{ categoryId: number; essential: number; videos: PathVideo[] }>;

export type PlannedMember = { key: number; persona: Persona; path: MemberPath; streakDays?: number };

export type DemoEvent =
  | { at: number; kind: 'join'; member: number }
  | { at: number; kind: 'watch'; member: number; videoId: number; minutes: number; position: number }
  | { at: number; kind: 'alert'; member: number; categoryId: number }
  | { at: number; kind: 'broadcast'; team: string }
  | { at: number; kind: 'read'; member: number }
  /** The member takes the check of a lesson they just finished, each question right with the chance `skill`. */
  | { at: number; kind: 'check'; member: number; videoId: number; skill: number; seed: number };

type Shape = { joinFrom: number; joinTo: number; share: [number, number]; optional: number; stopFrom?: number; stopTo?: number };

/** Join window (days after the start), share of the path watched by now, chance to take an optional category. */
const SHAPES: Record<Persona, Shape> = {
  champion: { joinFrom: 1, joinTo: 8, share: [0.92, 1], optional: 0.9 },
  steady: { joinFrom: 1, joinTo: 20, share: [0.45, 0.75], optional: 0.6 },
  casual: { joinFrom: 3, joinTo: 40, share: [0.15, 0.35], optional: 0.4 },
  stalled: { joinFrom: 1, joinTo: 20, share: [0.15, 0.4], optional: 0.3, stopFrom: 45, stopTo: 120 },
  newcomer: { joinFrom: HISTORY_DAYS - 35, joinTo: HISTORY_DAYS - 15, share: [0.08, 0.25], optional: 0.3 },
  never: { joinFrom: 5, joinTo: 60, share: [0, 0], optional: 0 },
};

const between = (random: () => number, low: number, high: number) => low + random() * (high - low);
const intBetween = (random: () => number, low: number, high: number) => Math.floor(between(random, low, high + 1));

const isWeekend = (dayStart: number) => [0, 6].includes(new Date(dayStart).getUTCDay());

/** The moment of a session on a day: shift hours, never after `until`. */
function sessionTime(random: () => number, dayStart: number, until: number): number {
  const planned = dayStart + intBetween(random, 6, 20) * HOUR + intBetween(random, 0, 59) * MINUTE;
  return Math.min(planned, Math.max(dayStart, until - 30 * MINUTE));
}

/** One member's joining and watch reports, in time order. */
function memberEvents(random: () => number, member: PlannedMember, start: number, end: number): DemoEvent[] {
  const shape = SHAPES[member.persona];
  const lastDay = Math.floor((end - start) / DAY);
  const joinDay = intBetween(random, shape.joinFrom, shape.joinTo);
  const joinedAt = start + joinDay * DAY + intBetween(random, 7, 9) * HOUR;
  const events: DemoEvent[] = [{ at: joinedAt, kind: 'join', member: member.key }];

  const sequence = member.path.filter((c) => c.essential === 1 || random() < shape.optional).flatMap((c) => c.videos);
  const count = Math.min(sequence.length, Math.round(between(random, shape.share[0], shape.share[1]) * sequence.length));
  if (count === 0) return events;
  // A member who has not finished leaves the next video half watched (it shows "in progress").
  const partial = count < sequence.length && member.persona !== 'never' ? 1 : 0;
  const videos = sequence.slice(0, count + partial);

  const stopDay = shape.stopFrom !== undefined ? intBetween(random, shape.stopFrom, shape.stopTo ?? shape.stopFrom) : lastDay;
  const streak = member.streakDays ?? 0;
  const firstDay = Math.min(joinDay + 1, stopDay);
  const freeDays: number[] = [];
  for (let day = firstDay; day <= stopDay - streak; day++) if (!isWeekend(start + day * DAY) || random() < 0.1) freeDays.push(day);
  const sessionsWanted = Math.max(1, Math.ceil((videos.length - streak) / between(random, 1.3, 2.4)));
  const days = freeDays
    .map((day) => ({ day, order: random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, sessionsWanted)
    .map((d) => d.day)
    .sort((a, b) => a - b);
  for (let i = streak - 1; i >= 0; i--) days.push(lastDay - i);

  // Videos in path order over the sessions; the streak days get one video each at the end.
  let next = 0;
  days.forEach((day, index) => {
    const remainingSessions = days.length - index;
    const left = videos.length - next;
    const take = index === days.length - 1 ? left : Math.max(1, Math.min(left - (remainingSessions - 1), Math.round(left / remainingSessions)));
    let at = sessionTime(random, start + day * DAY, end);
    for (let k = 0; k < take && next < videos.length; k++, next++) {
      const video = videos[next] as PathVideo;
      const half = partial === 1 && next === videos.length - 1;
      const seconds = Math.round(video.durationSeconds * (half ? between(random, 0.35, 0.6) : between(random, 1, 1.15)));
      // Where the player stopped: the end, or part-way for a video left half-watched (home offers to continue it).
      events.push({ at, kind: 'watch', member: member.key, videoId: video.videoId, minutes: seconds / 60, position: Math.min(seconds, video.durationSeconds) });
      at = Math.min(at + seconds * 1000 + intBetween(random, 1, 4) * MINUTE, end);
    }
  });
  return events;
}

/** How likely each kind of member answers a question right on a first attempt (a retry after reading why adds to it). */
const CHECK_SKILL: Record<Persona, number> = { champion: 0.95, steady: 0.86, casual: 0.74, stalled: 0.66, newcomer: 0.78, never: 0.5 };

/**
 * The checks taken: a member who finishes a lesson with a check (after the check exists) takes it a few minutes later,
 * and plans two retries a day or more apart, which they take only if they have not passed by then. A random of its
 * own, so the rest of the history is the same with or without checks.
 */
function checkEvents(
  seed: number,
  members: PlannedMember[],
  perMember: Map<number, DemoEvent[]>,
  checks: { videoIds: number[]; from: number },
  end: number,
): DemoEvent[] {
  const random = seededRandom(seed + 1);
  const checked = new Set(checks.videoIds);
  const out: DemoEvent[] = [];
  for (const member of members) {
    const durations = new Map(member.path.flatMap((c) => c.videos.map((v) => [v.videoId, v.durationSeconds] as const)));
    for (const event of perMember.get(member.key) ?? []) {
      if (event.kind !== 'watch' || !checked.has(event.videoId) || event.at < checks.from) continue;
      if (event.position < (durations.get(event.videoId) ?? Number.POSITIVE_INFINITY)) continue;
      const finished = event.at + Math.round(event.minutes * 60_000);
      const skill = CHECK_SKILL[member.persona];
      const tries = [finished + intBetween(random, 2, 8) * MINUTE, finished + intBetween(random, 20, 40) * HOUR, finished + intBetween(random, 60, 100) * HOUR];
      tries.forEach((at, i) => {
        if (at < end)
          out.push({
            at,
            kind: 'check',
            member: member.key,
            videoId: event.videoId,
            skill: Math.min(0.98, skill + 0.08 * i),
            seed: intBetween(random, 1, 1e9),
          });
      });
    }
  }
  return out;
}

/** The category a member is stuck in: that of their last, unfinished video. */
function stuckCategory(member: PlannedMember, events: DemoEvent[]): number | null {
  const last = [...events].reverse().find((e) => e.kind === 'watch' && e.member === member.key);
  if (last?.kind !== 'watch') return null;
  return member.path.find((c) => c.videos.some((v) => v.videoId === last.videoId))?.categoryId ?? null;
}

/**
 * The whole story from `start` to `end`: every member's events, then the supervisor's nudges in the last
 * fortnight (alerts to stalled members, a broadcast to `broadcastTeam`), and notices read by the keen.
 */
export function planHistory(input: {
  seed: number;
  start: number;
  end: number;
  members: PlannedMember[];
  demoMember: number;
  broadcastTeam: string;
  /** The lessons with a knowledge check, and from when they have one. */
  checks?: { videoIds: number[]; from: number };
}): DemoEvent[] {
  const random = seededRandom(input.seed);
  const perMember = new Map(input.members.map((m) => [m.key, memberEvents(random, m, input.start, input.end)]));
  const events = [...perMember.values()].flat();
  const lastDay = input.start + Math.floor((input.end - input.start) / DAY) * DAY;

  const alertAt = lastDay - 9 * DAY + 10 * HOUR;
  const stalled = input.members.filter((m) => m.persona === 'stalled').slice(0, 5);
  for (const member of stalled) {
    const categoryId = stuckCategory(member, perMember.get(member.key) ?? []);
    if (categoryId !== null) events.push({ at: alertAt, kind: 'alert', member: member.key, categoryId });
  }
  const demo = input.members.find((m) => m.key === input.demoMember);
  const demoCategory = demo ? stuckCategory(demo, perMember.get(demo.key) ?? []) : null;
  if (demo && demoCategory !== null)
    events.push({ at: Math.min(lastDay - DAY + 9 * HOUR, input.end), kind: 'alert', member: demo.key, categoryId: demoCategory });
  events.push({ at: lastDay - 2 * DAY + 9 * HOUR, kind: 'broadcast', team: input.broadcastTeam });
  const readAt = Math.min(lastDay - DAY + 16 * HOUR, input.end);
  for (const member of input.members)
    if (member.key !== input.demoMember && (member.persona === 'champion' || member.persona === 'steady'))
      events.push({ at: readAt, kind: 'read', member: member.key });
  if (input.checks) events.push(...checkEvents(input.seed, input.members, perMember, input.checks, input.end));
  // Stable order: by time, joins before anything else at the same moment.
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at - b.e.at || Number(b.e.kind === 'join') - Number(a.e.kind === 'join') || a.i - b.i)
    .map(({ e }) => e);
}
