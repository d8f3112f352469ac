import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomainEvents } from '../src/event-handlers.ts';
import { DOMAIN_EVENT_NAMES, type DomainEventName, DomainEvents } from '../src/lib/domain-events.ts';
import type { JobQueue } from '../src/modules/jobs/index.ts';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from './catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from './harness.ts';

const SERVER_SRC = fileURLToPath(new URL('../src', import.meta.url));
const ARCHITECTURE = fileURLToPath(new URL('../../docs/architecture.md', import.meta.url));

/** Every `.emit(trx, 'name'` of the server's code (tests excepted), by event name, with the files that emit it. */
function emittedEvents(): Map<string, string[]> {
  const emitted = new Map<string, string[]>();
  for (const entry of fs.readdirSync(SERVER_SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/\.emit\(\s*\w+\s*,\s*'([^']+)'/g)) {
      const name = match[1] as string;
      emitted.set(name, [...(emitted.get(name) ?? []), path.relative(SERVER_SRC, file)]);
    }
  }
  return emitted;
}

describe('the domain events and their handlers', () => {
  // Only the registrations are read here: no handler runs, so the queue is never reached.
  const subscribers = createDomainEvents({} as JobQueue, { publicUrl: 'http://localhost:3000' }).subscribers();

  it('emits only known events, each with at least one handler, and every known event somewhere', () => {
    const emitted = emittedEvents();
    for (const [name, files] of emitted) {
      expect([name, files, (DOMAIN_EVENT_NAMES as readonly string[]).includes(name)]).toEqual([name, files, true]);
      expect([name, subscribers[name as DomainEventName].length > 0]).toEqual([name, true]);
    }
    expect([...emitted.keys()].sort()).toEqual([...DOMAIN_EVENT_NAMES].sort());
  });

  it('refuses a handler for an event that does not exist', () => {
    const events = new DomainEvents();
    expect(() => events.on('watch.reportd' as DomainEventName, 'typo', async () => undefined)).toThrow(/No domain event is called "watch.reportd"/);
  });

  it('registers the handlers in the order docs/architecture.md describes, and the document lists every one', () => {
    expect(subscribers).toEqual({
      'watch.reported': [
        'qualifications: training record and stations',
        'learning: category figures and points',
        'integrations: webhooks (video.completed)',
        'integrations: xAPI statements (experienced, completed)',
      ],
      'video.revised': ['qualifications: retraining'],
      'catalog.imported': ['learning: recount category figures', 'search: rebuild the index', 'settings: renew the catalog version'],
      'video.title_drafted': ['search: index the translated title'],
      'catalog.name_drafted': ['search: index the translated name'],
      'certificate.issued': ['learning: certificate points', 'integrations: webhooks', 'integrations: xAPI statements (completed)'],
      'member.created': ['integrations: webhooks'],
      'member.deactivated': ['auth: end the sessions', 'integrations: webhooks'],
      'check.passed': ['qualifications: stations requiring the check', 'integrations: webhooks', 'integrations: xAPI statements (passed)'],
      'check.failed': ['integrations: xAPI statements (failed)'],
      'category_check.passed': ['learning: category certificate'],
      'qualification.changed': ['integrations: webhooks'],
    });
    const doc = fs.readFileSync(ARCHITECTURE, 'utf8');
    for (const [name, names] of Object.entries(subscribers)) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect([name, row !== undefined]).toEqual([name, true]);
      for (const subscriber of names) expect([name, row?.includes(subscriber)]).toEqual([name, true]);
    }
  });
});

describe('emitting inside the caller transaction', () => {
  let platform: TestPlatform;
  let catalog: TestCatalog;
  beforeAll(async () => {
    platform = await startPlatform();
    catalog = await importTestCatalog(platform);
  });
  afterAll(() => platform.close());

  const settingOf = (db: TestPlatform['ctx']['db'], key: string) => db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();

  it('runs the handlers one after the other in registration order, in the same transaction, and refuses to run outside one', async () => {
    const events = new DomainEvents();
    const seen: string[] = [];
    events.on('catalog.imported', 'first', async (trx) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The caller's write, not committed yet, is visible here: the same transaction.
      seen.push(`first saw ${(await settingOf(trx, 'events-test'))?.value}`);
    });
    events.on('catalog.imported', 'second', async () => {
      seen.push('second');
    });
    const payload = { at: 1, categories: 0, subCategories: 0, videos: 0, revisedVideoIds: [] };
    await platform.ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'events-test', value: 'written', created_at: 1 }).execute();
      await events.emit(trx, 'catalog.imported', payload);
    });
    expect(seen).toEqual(['first saw written', 'second']);
    await expect(events.emit(platform.ctx.db as never, 'catalog.imported', payload)).rejects.toThrow(/outside a transaction/);
  });

  it('rolls the caller back when a handler throws', async () => {
    const events = new DomainEvents();
    events.on('catalog.imported', 'failing', async () => {
      throw new Error('handler failed');
    });
    const attempt = platform.ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'events-rollback', value: 'written', created_at: 1 }).execute();
      await events.emit(trx, 'catalog.imported', { at: 1, categories: 0, subCategories: 0, videos: 0, revisedVideoIds: [] });
    });
    await expect(attempt).rejects.toThrow('handler failed');
    expect(await settingOf(platform.ctx.db, 'events-rollback')).toBeUndefined();
  });

  it('rolls a watch report back whole when one of its handlers fails: no watch time, no training record, no figures', async () => {
    const org = await organizationWithMembers(platform, 'Rollback Plant');
    await openWholeCatalog(platform, org.organizationId);
    const videoId = catalog.videos.lockout!;
    const report = () =>
      platform.api('POST', '/api/watch-user-video', { token: org.member.token, json: { user: org.member.id, video: videoId, timeSpent: 0.5 } });
    const db = platform.ctx.db;
    const counted = async () => ({
      watch: (await db.selectFrom('video_watch').select('seconds').where('user_id', '=', org.member.id).execute()).length,
      days: (await db.selectFrom('video_watch_days').select('seconds').where('user_id', '=', org.member.id).execute()).length,
      training: (await db.selectFrom('training_records').select('seconds').where('user_id', '=', org.member.id).execute()).length,
      figures: (await db.selectFrom('member_category_stats').select('seconds').where('user_id', '=', org.member.id).execute()).length,
    });
    // A handler added after the platform's own (they have already written their part when it throws).
    platform.ctx.events.on('watch.reported', 'test: a failing subscriber', async (_trx, e) => {
      if (e.userId === org.member.id) throw new Error('subscriber failed');
    });
    expect((await report()).status).toBe(500);
    expect(await counted()).toEqual({ watch: 0, days: 0, training: 0, figures: 0 });
  });
});
