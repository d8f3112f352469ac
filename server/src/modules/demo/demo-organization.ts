import fs from 'node:fs';
import { DEFAULT_LOCALE } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { atMoment, DAY, HOUR, now } from '../../lib/clock.ts';
import type { Caller } from '../auth/index.ts';
import { register } from '../auth/index.ts';
import { confirmPayment, findOrganizationSubscription, findPlanByKey, runBillingClock, settleOpenCheckout, startCheckout } from '../billing/index.ts';
import type { CatalogFile } from '../catalog/index.ts';
import { upsertPlans } from '../catalog/index.ts';
import { sendAlert, sendBroadcast } from '../dashboard/index.ts';
import { markNoticesRead } from '../notices/index.ts';
import { addMember, catalogTree, editHiddenVideos, learningPathFor, savePath, updateOrganizationUserFields } from '../organization/index.ts';
import { reportWatchTime } from '../playback/index.ts';
import { preferVideos } from '../renditions/index.ts';
import { markOrganizationVerified } from '../tenancy/index.ts';
import { findUserByEmail, findUserById, setManagers, updateUser } from '../users/index.ts';
import { viewerOf } from '../videos/index.ts';
import { CHECKS_DAYS_BEFORE_END, createDemoChecks, type DemoCheck, demoCheckVideoIds, takeDemoCheck } from './demo-checks.ts';
import { type DemoEvent, HISTORY_DAYS, type MemberPath, type PlannedMember, planHistory } from './demo-history.ts';
import { DEMO_MEMBER, DEMO_ORGANIZATION, DEMO_QUALITY, DEMO_SUPER_USER, type DemoPerson, demoPeople } from './demo-people.ts';
import { assignDueStations, createDemoStations, type DemoMember, EARLY_LICENCE, finishDemoStations, giveEarlyLicence } from './demo-stations.ts';

/**
 * The demo organization with a life: Acme Precision Parts registers, subscribes, sets its learning paths, and
 * six months of training are replayed through the product's own services at the moments they happened (the
 * clock is set per step with atMoment), so every figure, certificate, ranking, alert and payment is what the
 * product computed. Nothing here writes a table directly.
 */

/**
 * Acme (~60 people) is on the public 100-account plan of the demo catalog. It is read from that file and written
 * through the catalog's plan upsert (the same values an import writes), so the demo stands without an import too.
 */
const DEMO_PLAN_KEY = 'plant-100';
const DEMO_CATALOG_FILE = new URL('../../../demo-catalog/catalog.json', import.meta.url);

function demoPlan(): CatalogFile['plans'][number] {
  const { plans } = JSON.parse(fs.readFileSync(DEMO_CATALOG_FILE, 'utf8')) as Pick<CatalogFile, 'plans'>;
  const plan = plans.find((p) => p.key === DEMO_PLAN_KEY);
  if (!plan) throw new Error(`demo seed: plan ${DEMO_PLAN_KEY} is missing from the demo catalog`);
  return plan;
}

const PRNG_SEED = 20261123;
const BROADCAST_TEAM = 'Logistics';
/** Days in a row the demo member has watched up to the seed's day. */
const DEMO_MEMBER_STREAK = 5;

const callerOf = (user: { id: number; organization_id: number | null; team_id: number | null; is_super_user: number }): Caller => ({
  sessionId: 0,
  userId: user.id,
  organizationId: user.organization_id,
  teamId: user.team_id,
  isSuperUser: user.is_super_user === 1,
  isGuest: false,
  kioskId: null,
});

async function callerFor(ctx: AppContext, userId: number): Promise<Caller> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error(`demo seed: user ${userId} vanished`);
  return callerOf(user);
}

/** The demo pays in test mode whatever provider the platform is configured with: nothing is charged to anyone. */
const offline = (ctx: AppContext): AppContext => ({ ...ctx, config: { ...ctx.config, payment: { ...ctx.config.payment, provider: 'offline' } } });

/** Alice registers the company and takes the plan with its free trial, on the offline provider's checkout page. */
async function registerAndSubscribe(ctx: AppContext, at: number): Promise<{ organizationId: number; superUser: Caller }> {
  return atMoment(at, async () => {
    await upsertPlans(ctx.db, [demoPlan()], at);
    const registered = await register(
      ctx,
      {
        name: DEMO_SUPER_USER.name,
        last_name: DEMO_SUPER_USER.lastName,
        company: DEMO_ORGANIZATION,
        email: DEMO_SUPER_USER.email,
        password: DEMO_SUPER_USER.password,
        terms: 1,
      },
      'demo-seed',
      undefined,
      DEFAULT_LOCALE,
    );
    const payer = await callerFor(ctx, registered.user_id);
    // Alice opens the e-mailed confirmation link, so Acme counts (it invites and shares by e-mail).
    await markOrganizationVerified(ctx.db, payer.organizationId as number);
    const plan = await findPlanByKey(ctx.db, DEMO_PLAN_KEY);
    if (!plan) throw new Error(`demo seed: plan ${DEMO_PLAN_KEY} is missing`);
    const billing = offline(ctx);
    const { url } = await startCheckout(billing, payer, {
      subscription_id: plan.id,
      successUrl: `${ctx.config.publicUrl}/success-payment?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ctx.config.publicUrl}/plans`,
    });
    const sessionRef = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
    await settleOpenCheckout(ctx.db, sessionRef, 'paid');
    await confirmPayment(billing, payer, { session_id: sessionRef });
    const superUser = await callerFor(ctx, registered.user_id);
    await updateOrganizationUserFields(ctx, superUser, superUser.userId, {
      name: DEMO_SUPER_USER.name,
      last_name: DEMO_SUPER_USER.lastName,
      email: DEMO_SUPER_USER.email,
      team: DEMO_SUPER_USER.team,
      role: DEMO_SUPER_USER.role,
    });
    await updateUser(ctx.db, superUser.userId, { bio: DEMO_SUPER_USER.bio });
    return { organizationId: superUser.organizationId as number, superUser: await callerFor(ctx, superUser.userId) };
  });
}

/** The first people of each team arrive on day one, so the teams exist when their paths are saved. */
async function addPerson(ctx: AppContext, organizationId: number, person: DemoPerson): Promise<number> {
  return addMember(ctx, organizationId, {
    email: person.email as string,
    // Members other than the demo sign-ins accepted invitations with passwords nobody here knows.
    password: person.password ?? `${person.lastName}-${person.email?.length ?? 0}-Acme-${Math.random().toString(36).slice(2)}`,
    name: person.name,
    lastName: person.lastName,
    team: person.team,
    role: person.role,
    bio: person.bio,
  });
}

/**
 * Paths chosen by rule from the imported catalog (categories by their sort, with the catalog's required flags, the
 * first two required at least): the organization follows the first six categories; each team on the floor has its
 * own path, Health and Safety first and its station's lessons early on, and Maintenance and Quality each hide one
 * video that is not their work.
 */
async function saveLearningPaths(ctx: AppContext, superUser: Caller, organizationId: number, teams: Map<string, number>): Promise<void> {
  const { categories, subCategories, videos } = await catalogTree(ctx.db);
  const listed = (categoryId: number) => {
    const subs = new Set(subCategories.filter((s) => s.category_id === categoryId).map((s) => s.id));
    return videos.filter((v) => subs.has(v.sub_category_id) && v.in_test === 1);
  };
  const usable = categories.filter((c) => listed(c.id).length > 0);
  if (usable.length === 0) return;
  const pick = (i: number) => usable[i % usable.length] as (typeof usable)[number];
  // The first `required` steps are required (and any category flagged essential in the catalog), so a member who
  // has not finished them finds the later ones locked.
  const path = (picks: number[], required = 2) =>
    [...new Map(picks.map((i) => [pick(i).id, pick(i)])).values()].map((c, i) => ({
      category_id: c.id,
      order: i + 1,
      essential: (i < required || c.essential === 1 ? 1 : 0) as 0 | 1,
    }));
  // By sort: 0 Continuous Improvement, 1 Health and Safety, 2 Shop Floor, 3 Strategy, 4 Design and Engineering
  // (measurement and inspection), 5 Finance, 6 Supply Chain, 7 Logistics (forklift), 9 Internet of Things.
  await savePath(ctx, superUser, organizationId, null, path([0, 1, 2, 3, 4, 5]));
  const teamPaths: Array<[string, number[], string | null, number?]> = [
    // Production requires four steps: Bruno, halfway through Continuous Improvement, finds the next two locked.
    ['Production', [1, 2, 0, 3, 4], null, 4],
    // Setup technicians change the dies, not maintenance.
    ['Maintenance', [1, 2, 9, 0, 4], 'power-press-set-up-and-die-change'],
    ['Quality', [1, 4, 2, 0, 6], 'group-lockout-for-maintenance-shutdowns'],
    ['Logistics', [1, 7, 6, 2, 0], null],
  ];
  const subCategoryOf = new Map(subCategories.map((s) => [s.id, s.category_id]));
  for (const [team, picks, hiddenKey, required] of teamPaths) {
    const teamId = teams.get(team);
    if (teamId === undefined) continue;
    const entries = path(picks, required);
    await savePath(ctx, superUser, organizationId, teamId, entries);
    const hidden = videos.find((v) => v.key === hiddenKey);
    const categoryId = hidden && subCategoryOf.get(hidden.sub_category_id);
    if (hidden && categoryId !== undefined && entries.some((e) => e.category_id === categoryId))
      await editHiddenVideos(ctx, superUser, organizationId, categoryId, teamId, [hidden.id]);
  }
}

/** What each member sees of their path, with the videos' durations (what the planner needs). */
async function memberPath(ctx: AppContext, organizationId: number, teamId: number | null, cache: Map<number | null, MemberPath>): Promise<MemberPath> {
  const known = cache.get(teamId);
  if (known) return known;
  const path = await learningPathFor(ctx.db, organizationId, teamId);
  const { subCategories, videos } = await catalogTree(ctx.db);
  const hidden = new Set(path.hiddenVideoIds);
  const subOrder = new Map(subCategories.map((s, i) => [s.id, { category: s.category_id, order: i }]));
  const result: MemberPath = path.categories.map((c) => ({
    categoryId: c.category_id,
    essential: c.essential,
    videos: videos
      .filter((v) => subOrder.get(v.sub_category_id)?.category === c.category_id && v.in_test === 1 && !hidden.has(v.id))
      .sort((a, b) => (subOrder.get(a.sub_category_id)?.order ?? 0) - (subOrder.get(b.sub_category_id)?.order ?? 0))
      .map((v) => ({ videoId: v.id, categoryId: c.category_id, essential: c.essential, durationSeconds: v.duration_seconds })),
  }));
  cache.set(teamId, result);
  return result;
}

/** Plays one planned event through the service a person would have used. */
async function play(ctx: AppContext, event: DemoEvent, state: Pick<HistoryState, 'callers' | 'superUser' | 'organizationId' | 'teams' | 'checks'>) {
  const { callers: people, superUser, organizationId, teams, checks } = state;
  const caller = 'member' in event ? people.get(event.member) : undefined;
  switch (event.kind) {
    case 'join':
      return;
    case 'watch': {
      if (!caller) return;
      const viewer = await viewerOf(ctx, caller);
      await reportWatchTime(ctx, viewer, { user: caller.userId, video: event.videoId, timeSpent: event.minutes, position: event.position });
      return;
    }
    case 'alert':
      if (caller) await sendAlert(ctx, superUser, caller.userId, { category_id: event.categoryId });
      return;
    case 'broadcast':
      await sendBroadcast(ctx, superUser, { organizationId, team: teams.get(event.team) });
      return;
    case 'read':
      if (caller) await markNoticesRead(ctx, caller, undefined);
      return;
    case 'check': {
      const check = checks.get(event.videoId);
      if (caller && check) await takeDemoCheck(ctx, caller, event.videoId, check, event.skill, event.seed);
      return;
    }
  }
}

/** The renewal the billing clock makes at each period end (the offline provider charges in test mode). */
async function renewDueSubscription(ctx: AppContext, organizationId: number, until: number): Promise<void> {
  for (;;) {
    const subscription = await findOrganizationSubscription(ctx.db, organizationId);
    if (!subscription || subscription.current_period_end > until) return;
    const at = subscription.current_period_end;
    await atMoment(at, () => runBillingClock(offline(ctx), at));
  }
}

/** Each path's step openers in step order: the first lesson of every path's first step, then of their second, ... */
function firstLessonsOf(paths: MemberPath[]): number[] {
  const steps = Math.max(0, ...paths.map((p) => p.length));
  const openers: number[] = [];
  for (let step = 0; step < steps; step++) for (const p of paths) openers.push(...(p[step]?.videos.slice(0, 1).map((v) => v.videoId) ?? []));
  return [...new Set(openers)];
}

/** Seeds the demo organization unless its super user exists (then it changes nothing). Needs the catalog imported. */
export async function seedDemoOrganization(ctx: AppContext): Promise<boolean> {
  const history = await startDemoOrganization(ctx);
  if (!history) return false;
  await history();
  return true;
}

/** The rest of the demo organization's story, played after its start (main.ts: while the platform answers). */
export type DemoHistory = () => Promise<void>;

/**
 * The demo organization as far as anyone needs it to sign in and train (a second of work): Acme registered and
 * subscribed, its subscription renewed up to now (so it has access at once), the demo sign-ins and each team's lead,
 * the learning paths and the stations. Answers its six months of history to play next (the watch sessions, the other
 * people joining, alerts, station assignments and sign-offs: most of the seed's time), or null when the demo
 * organization was already there (then nothing is changed).
 */
export async function startDemoOrganization(ctx: AppContext): Promise<DemoHistory | null> {
  if (await findUserByEmail(ctx.db, DEMO_SUPER_USER.email)) return null;
  const end = now();
  const start = Math.floor((end - HISTORY_DAYS * DAY) / DAY) * DAY;
  const { organizationId, superUser } = await registerAndSubscribe(ctx, start + 8 * HOUR);
  // The renewals the billing clock made at each period end, all of them first: the organization has access from now on,
  // whatever part of its history is played yet (nothing in the history depends on a renewal's moment).
  await renewDueSubscription(ctx, organizationId, end);

  const people = demoPeople();
  const keys = new Map<number, DemoPerson>(people.map((p, i) => [i + 1, p]));
  const callers = new Map<number, Caller>([[0, superUser]]);
  // Each team's lead (its first person) joins on day one: the teams exist before the paths are saved.
  const leads = new Set(people.map((p) => p.team)).size;
  const teams = new Map<string, number>();
  for (const [key, person] of keys) {
    const isLead = people.findIndex((p) => p.team === person.team) === key - 1;
    // The demo sign-ins are there from the start: they can sign in while the history is played.
    if (!isLead && person.email !== DEMO_MEMBER.email && person.email !== DEMO_QUALITY.email) continue;
    const id = await atMoment(start + 8 * HOUR + key * 60_000, () => addPerson(ctx, organizationId, person));
    const caller = await callerFor(ctx, id);
    callers.set(key, caller);
    if (caller.teamId !== null) teams.set(person.team, caller.teamId);
  }
  if (teams.size < leads) throw new Error('demo seed: a team is missing');
  await atMoment(start + 10 * HOUR, () => saveLearningPaths(ctx, superUser, organizationId, teams));
  const stations = await createDemoStations(ctx, superUser, organizationId, start + 10 * HOUR + 60_000, end);
  const checks = await demoCheckVideoIds(ctx);
  const checksFrom = end - CHECKS_DAYS_BEFORE_END * DAY;
  await createDemoChecks(ctx, superUser, checks, checksFrom);

  // Everyone who has joined so far, with the team and role station assignments go by.
  const members = (): DemoMember[] =>
    [...callers].flatMap(([key, caller]) => {
      const person = keys.get(key);
      return person ? [{ userId: caller.userId, team: person.team, role: person.role }] : [];
    });

  const earlyKey = [...keys].find(([, p]) => p.name === EARLY_LICENCE.name && p.lastName === EARLY_LICENCE.lastName)?.[0] ?? -1;

  const paths = new Map<number | null, MemberPath>();
  const planned: PlannedMember[] = [
    { key: 0, persona: 'steady', path: await memberPath(ctx, organizationId, superUser.teamId, paths) },
    ...(await Promise.all(
      [...keys].map(async ([key, person]) => ({
        key,
        persona: person.persona,
        path: await memberPath(ctx, organizationId, teams.get(person.team) ?? null, paths),
        ...(person.email === DEMO_MEMBER.email ? { streakDays: DEMO_MEMBER_STREAK } : {}),
      })),
    )),
  ];
  const earlyPerson = () => ({ caller: callers.get(earlyKey), path: planned.find((m) => m.key === earlyKey)?.path ?? [] });
  const demoMemberKey = [...keys].find(([, p]) => p.email === DEMO_MEMBER.email)?.[0] ?? -1;
  // The demo sign-ins open their paths first: those lessons are prepared before the rest (a first start prepares in the background).
  const signInKeys = new Set([...keys].filter(([, p]) => p.email === DEMO_MEMBER.email || p.email === DEMO_QUALITY.email).map(([key]) => key));
  await preferVideos(ctx, firstLessonsOf(planned.filter((p) => signInKeys.has(p.key)).map((p) => p.path)));
  const events = planHistory({
    seed: PRNG_SEED,
    start,
    end,
    members: planned,
    demoMember: demoMemberKey,
    broadcastTeam: BROADCAST_TEAM,
    checks: { videoIds: [...checks.keys()], from: checksFrom },
  });
  return () => playHistory(ctx, { organizationId, superUser, end, keys, callers, teams, stations, members, earlyPerson, events, checks });
}

type HistoryState = {
  organizationId: number;
  superUser: Caller;
  end: number;
  keys: Map<number, DemoPerson>;
  callers: Map<number, Caller>;
  teams: Map<string, number>;
  stations: Awaited<ReturnType<typeof createDemoStations>>;
  members: () => DemoMember[];
  earlyPerson: () => { caller: Caller | undefined; path: MemberPath };
  events: DemoEvent[];
  /** The lessons' knowledge checks, by video id. */
  checks: Map<number, DemoCheck>;
};

/** Plays the planned history in order through the product's services, then the end of it (stations' sign-offs). */
async function playHistory(ctx: AppContext, state: HistoryState): Promise<void> {
  const { organizationId, superUser, end, keys, callers, teams, stations, members, earlyPerson, events } = state;
  for (const event of events) {
    await renewDueSubscription(ctx, organizationId, event.at);
    await assignDueStations(ctx, superUser, organizationId, stations, teams, members(), event.at);
    await giveEarlyLicence(ctx, superUser, organizationId, stations, earlyPerson(), event.at);
    if (event.kind === 'join' && !callers.has(event.member)) {
      const person = keys.get(event.member) as DemoPerson;
      const id = await atMoment(event.at, () => addPerson(ctx, organizationId, person));
      callers.set(event.member, await callerFor(ctx, id));
      continue;
    }
    await atMoment(event.at, () => play(ctx, event, state));
  }
  await renewDueSubscription(ctx, organizationId, end);
  await assignDueStations(ctx, superUser, organizationId, stations, teams, members(), end);
  await giveEarlyLicence(ctx, superUser, organizationId, stations, earlyPerson(), end);
  await finishDemoStations(ctx, superUser, organizationId, [...callers.values()], end);
  await setDemoManagers(ctx, state);
}

/**
 * Everyone reports to their team's head (the first of its roster: the supervisor or manager), the heads to the plant
 * manager (the super user), and she to the operations director, Management's head, who oversees both plants and
 * reports to nobody here. The demo sign-ins come first in the list but head no team.
 */
async function setDemoManagers(ctx: AppContext, { organizationId, superUser, keys, callers }: HistoryState): Promise<void> {
  const leadKeys = new Map<string, number>();
  for (const [key, person] of keys) {
    const signIn = person.email === DEMO_MEMBER.email || person.email === DEMO_QUALITY.email;
    if (!signIn && !leadKeys.has(person.team)) leadKeys.set(person.team, key);
  }
  const director = callers.get(leadKeys.get('Management') as number)?.userId ?? null;
  const assignments = [...callers].flatMap(([key, caller]) => {
    const person = keys.get(key);
    if (!person) return [{ userId: caller.userId, managerId: director }];
    const leadKey = leadKeys.get(person.team) as number;
    if (leadKey !== key) return [{ userId: caller.userId, managerId: callers.get(leadKey)?.userId ?? superUser.userId }];
    return [{ userId: caller.userId, managerId: caller.userId === director ? null : superUser.userId }];
  });
  await setManagers(ctx.db, organizationId, assignments);
}
