import type { DbTransaction } from '../db/client.ts';

/**
 * Domain events: what one module tells the others happened, inside the transaction that made it happen. The emitting
 * module names the event and hands over plain data; the modules that care register a handler when the platform is
 * built (server/src/event-handlers.ts), and every handler runs in the emitter's transaction, one after the other in
 * registration order. A handler that throws rolls the emitter's whole transaction back: the fact and its consequences
 * are written together or not at all. The payloads are plain data (numbers, strings, booleans, arrays of them; times in
 * milliseconds since the epoch), with no row or class of any module, so later subscribers (webhooks, xAPI statements)
 * can serialize them as they are. docs/architecture.md lists the events and their handlers.
 */

/** A member's watch report counted (not a replay of one already applied): `playback` emits it. */
export type WatchReported = {
  /** When the report was applied (ms). */
  at: number;
  /** The member's own calendar day of the report (YYYY-MM-DD in their time zone): the streak and daily figures count it. */
  day: string;
  userId: number;
  organizationId: number | null;
  video: {
    id: number;
    title: string;
    categoryId: number;
    subCategoryId: number;
    durationSeconds: number;
    /** The revision the member was shown. */
    revision: number;
    /** Shown in category lists (`in_test`): only listed videos count in the category figures. */
    listed: boolean;
  };
  /** Seconds this report added. */
  seconds: number;
  /** The member's total seconds on the video after it. */
  totalSeconds: number;
  /** The player's position the report carried (seconds), null when it carried none. */
  position: number | null;
  /** This report was the member's first on the video. */
  started: boolean;
  /** This report made the video watched (its total reached the watched share of the duration). */
  watched: boolean;
};

/** A catalog import gave an existing video a new revision (its media or playbook changed): `catalog-import` emits it, once per video. */
export type VideoRevised = {
  at: number;
  videoId: number;
  revision: number;
  /** The catalog flags the change as one that sends the people qualified through the video back to training. */
  requiresRetraining: boolean;
};

/** A catalog import wrote the catalog: `catalog-import` emits it once per import, after the `video.revised` of its videos. */
export type CatalogImported = {
  at: number;
  categories: number;
  subCategories: number;
  videos: number;
  /** The videos that got a new revision in this import (each also had its `video.revised`). */
  revisedVideoIds: number[];
};

/**
 * A video's title and description were machine-translated into another language (a new or renewed draft): `captions`
 * emits it in the draft's transaction. An author's translation comes with a catalog import (`catalog.imported`).
 */
export type VideoTitleDrafted = { at: number; videoId: number; locale: string };

/** A category's or sub-category's name was drafted in another language (captions' title drafts), in the batch's transaction. */
export type CatalogNameDrafted = { at: number; kind: 'category' | 'sub_category'; subjectId: number; locale: string };

/** A certificate or micro-certificate was issued (each exactly once): `learning` emits it. */
export type CertificateIssued = {
  at: number;
  certificateId: number;
  userId: number;
  organizationId: number | null;
  kind: 'category' | 'sub_category';
  categoryId: number;
  /** The micro-certificate's sub-category, null for a category certificate. */
  subCategoryId: number | null;
  /** The code its public verification page (/verify/<code>) answers to. */
  verificationCode: string;
};

/** A member joined an organization (invited or added by a super user, an operator command, provisioning): emitted by whoever inserts the account. */
export type MemberCreated = { at: number; userId: number; organizationId: number };

/** A member was deactivated (deleted by a super user, deprovisioned): their sessions end with it. */
export type MemberDeactivated = { at: number; userId: number; organizationId: number };

/** A member passed a video's knowledge check (a submitted attempt scored at or above the pass mark): `assessments` emits it, once per attempt. */
export type CheckPassed = {
  at: number;
  userId: number;
  organizationId: number;
  checkId: number;
  videoId: number;
  attemptId: number;
  scorePercent: number;
};

/**
 * A member passed the check at the end of a category (a submitted attempt at or above the pass mark): `assessments`
 * emits it once per attempt; a category whose certificate waits for the check may then be complete.
 */
export type CategoryCheckPassed = {
  at: number;
  userId: number;
  organizationId: number;
  checkId: number;
  categoryId: number;
  attemptId: number;
  scorePercent: number;
};

/** A member failed a video's knowledge check (a submitted attempt scored below the pass mark): `assessments` emits it, once per attempt. */
export type CheckFailed = CheckPassed;

/**
 * A member's qualification at a station moved to another state (qualified, awaiting sign-off, expiring, expired,
 * retraining due, in training, ...): `qualifications` emits it once per row that changed state, in the transaction
 * that wrote the row (a watch report, a sign-off, a station change, a catalog revision or the hourly clock).
 */
export type QualificationChanged = {
  at: number;
  userId: number;
  organizationId: number;
  stationId: number;
  stationName: string;
  from: string;
  to: string;
  /** The qualification's expiry after the change (ms), null when it has none. */
  expiresAt: number | null;
};

/** Every event by name, with its payload. */
export type DomainEventMap = {
  'watch.reported': WatchReported;
  'video.revised': VideoRevised;
  'catalog.imported': CatalogImported;
  'video.title_drafted': VideoTitleDrafted;
  'catalog.name_drafted': CatalogNameDrafted;
  'certificate.issued': CertificateIssued;
  'member.created': MemberCreated;
  'member.deactivated': MemberDeactivated;
  'check.passed': CheckPassed;
  'check.failed': CheckFailed;
  'category_check.passed': CategoryCheckPassed;
  'qualification.changed': QualificationChanged;
};

export type DomainEventName = keyof DomainEventMap;

/** The names, for checks at run time (a handler for a name not here is refused). */
export const DOMAIN_EVENT_NAMES = [
  'watch.reported',
  'video.revised',
  'catalog.imported',
  'video.title_drafted',
  'catalog.name_drafted',
  'certificate.issued',
  'member.created',
  'member.deactivated',
  'check.passed',
  'check.failed',
  'category_check.passed',
  'qualification.changed',
] as const satisfies readonly DomainEventName[];

export type EventTransaction = DbTransaction;

export type DomainEventHandler<N extends DomainEventName> = (trx: EventTransaction, payload: Readonly<DomainEventMap[N]>) => Promise<void>;

type Subscription = { name: string; handler: (trx: EventTransaction, payload: never) => Promise<void> };

const isEventName = (name: string): name is DomainEventName => (DOMAIN_EVENT_NAMES as readonly string[]).includes(name);

/** One platform's registry: built with every handler at start (event-handlers.ts), then only emitted to. */
export class DomainEvents {
  readonly #handlers = new Map<DomainEventName, Subscription[]>();

  /** Registers a handler; `subscriber` names it (the module and what it does) for the architecture document's check. */
  on<N extends DomainEventName>(name: N, subscriber: string, handler: DomainEventHandler<N>): void {
    if (!isEventName(name)) throw new Error(`No domain event is called "${String(name)}" (lib/domain-events.ts lists them).`);
    const list = this.#handlers.get(name) ?? [];
    list.push({ name: subscriber, handler: handler as Subscription['handler'] });
    this.#handlers.set(name, list);
  }

  /** Runs every handler of the event in the caller's transaction, in registration order, each awaited before the next. */
  async emit<N extends DomainEventName>(trx: EventTransaction, name: N, payload: DomainEventMap[N]): Promise<void> {
    // A handler's writes must commit or roll back with the fact itself: never on a connection of their own.
    if (!trx.isTransaction) throw new Error(`The domain event ${name} was emitted outside a transaction.`);
    for (const { handler } of this.#handlers.get(name) ?? []) await (handler as DomainEventHandler<N>)(trx, payload);
  }

  /** The subscribers of each event, in the order they run. */
  subscribers(): Record<DomainEventName, string[]> {
    return Object.fromEntries(DOMAIN_EVENT_NAMES.map((name) => [name, (this.#handlers.get(name) ?? []).map((s) => s.name)])) as Record<
      DomainEventName,
      string[]
    >;
  }
}
