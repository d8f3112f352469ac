import path from 'node:path';
import { parseArgs } from 'node:util';
import { evidenceBreaksText } from '@mm/contract';
import type { AppContext } from '../app-context.ts';
import { defineBackgroundWork } from '../background-work.ts';
import { ConfigError, loadConfig } from '../config/env.ts';
import { createDb } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createDomainEvents } from '../event-handlers.ts';
import { AppError } from '../lib/errors.ts';
import { resolveEvidenceKey, useEvidenceKey } from '../lib/evidence-key.ts';
import { consoleLog } from '../lib/log.ts';
import { hashPassword, passwordProblem } from '../lib/passwords.ts';
import { createStorage } from '../lib/storage/create-storage.ts';
import { createLocalStorage } from '../lib/storage/local-storage.ts';
import { describeMove, moveStorage } from '../lib/storage/move-storage.ts';
import { parseS3Url } from '../lib/storage/s3-url.ts';
import { revokeUserSessions } from '../modules/auth/sessions.queries.ts';
import { draftAllTranslations } from '../modules/captions/index.ts';
import {
  describeExport,
  describeLessonsExport,
  describeLessonsImport,
  exportCatalog,
  exportOwnLessons,
  importOwnLessons,
} from '../modules/catalog-export/index.ts';
import { describeImport, importCatalog } from '../modules/catalog-import/import-catalog.ts';
import { progressBar } from '../modules/catalog-import/import-progress.ts';
import { checkChain, keptHeadOf } from '../modules/evidence/audit-pack.ts';
import type { JobQueue } from '../modules/jobs/job-queue.ts';
import { createJobQueue } from '../modules/jobs/jobs.ts';
import { jobsReport } from '../modules/jobs/jobs-report.ts';
import { createMailer, type Mailer } from '../modules/mail/outbox.ts';
import { addMember, createOrganization } from '../modules/organization/organization.service.ts';
import { finishedLocalUploads, setStudioQuota } from '../modules/studio/index.ts';
import { MAX_STUDIO_QUOTA_MB } from '../modules/studio/studio-quota.ts';
import { findUserByEmail, updateUser } from '../modules/users/users.queries.ts';
import { demoSignIns, seedDemo } from './seed-demo.ts';

const HELP = `Manufacturing Masters operator commands

Usage: npm run platform -- <command> [options]

Commands:
  migrate                       Apply every pending database migration.
  seed-demo                     Load the demo organization, teams and people, and the demo catalog (idempotent).
  import-catalog <file.json>    Validate, transcode and load a catalog (design.md, "The catalog"); re-runs update by key.
      [--no-draft-translations] Queue no Apertium drafts of Spanish captions and titles (by default the lessons with
                                English captions or titles only get them from the worker, unless CAPTION_DRAFTS=false).
                                Importing a catalog the platform already holds as it is (an export) changes nothing.
  export-catalog <directory>    Write the platform catalog into a new or empty directory as catalog.json with the media,
                                pictures, playbooks and captions it names: import-catalog <directory>/catalog.json reads
                                it back (into this platform: nothing changes; into another: the same catalog).
      [--category <key or id>]  Only this category (its sub-categories, videos and their experts).
      [--organization <id>]     Instead, the organization's own (studio) lessons, as lessons.json with their videos,
                                posters, captions and script photos: import-lessons <directory>/lessons.json reads it back.
  import-lessons <file.json>    Write an export's own lessons into an organization: into the one they came from, nothing
      --organization <id>       changes but details that differ; into another, each lesson it lacks (by title and
                                category) is created as a draft whose video its studio processes. Any problem: nothing.
  create-organization           A new organization with its super user and an active 30-day trial.
      --name <name> --email <email> --password <password> [--first-name <n>] [--last-name <n>]
  create-user                   A member of an existing organization.
      --organization <id> --email <email> --password <password> --first-name <n> --last-name <n>
      [--team <name>] [--role <role>] [--super-user]
  set-password                  Set a user's password and end all of their sessions.
      --email <email> --password <password>
  move-storage-to <STORAGE_URL> Copy the media, captions, playbooks, uploads and finished studio uploads under DATA_DIR into a bucket
                                (s3://bucket?endpoint=...&region=...; credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY);
                                resumable: a second run copies only what is missing; exit 1 if any file failed.
  draft-translations            Draft now, with Apertium, the Spanish captions of every lesson with English ones and
                                no Spanish track (or a machine draft of older English), and the Spanish title and
                                description of every lesson without the catalog's own; marked machine translation.
  jobs                          The job queue: each queue's waiting, running, completed and failed jobs, then the
                                running and failed ones (newest first).
      [--retry <job id> --queue <name>]   Send a failed job back to its queue.
  set-studio-quota <organization id> <MB|default>
                                The organization's studio storage quota in MB (its own lessons' uploads), or back to
                                STUDIO_QUOTA_MB; uploads over it are refused, those stored stay.
  verify-evidence               Check an organization's qualification evidence chain record by record (exit 1 if broken).
      --organization <id> [--head <hash> --head-at <time>]   (a head you kept: an audit pack's or the weekly e-mail's)
  --help                        Show this help.

Settings come from the environment (see README): DATABASE_URL, DATA_DIR, ...`;

class UsageError extends Error {}

function required(values: Record<string, unknown>, ...names: string[]): void {
  const missing = names.filter((n) => typeof values[n] !== 'string' || values[n] === '');
  if (missing.length) throw new UsageError(`Missing option${missing.length > 1 ? 's' : ''}: ${missing.map((m) => `--${m}`).join(', ')}`);
}

function organizationIdOf(value: unknown): number {
  const organizationId = Number(value);
  if (!Number.isInteger(organizationId) || organizationId <= 0) throw new UsageError('--organization must be an organization id (a positive number).');
  return organizationId;
}

/** set-studio-quota's arguments: an organization id and a whole number of MB (1 up to STUDIO_QUOTA_MB's bound) or `default`. */
function studioQuotaArguments(positionals: string[]): { organizationId: number; megabytes: number | null } {
  const [organization, size] = positionals as [string, string];
  const organizationId = Number(organization);
  if (!/^\d+$/.test(organization) || organizationId <= 0) throw new UsageError('The organization must be an organization id (a positive number).');
  if (size === 'default') return { organizationId, megabytes: null };
  const megabytes = Number(size);
  if (!/^\d+$/.test(size) || megabytes < 1 || megabytes > MAX_STUDIO_QUOTA_MB)
    throw new UsageError(`The quota must be a whole number of MB from 1 to ${MAX_STUDIO_QUOTA_MB}, or "default".`);
  return { organizationId, megabytes };
}

/** `npm run platform` runs in server/: a relative path means relative to where the operator typed it (npm's INIT_CWD). */
function typedPath(typed: string): string {
  const typedIn = process.env.npm_lifecycle_event === 'platform' ? process.env.INIT_CWD : undefined;
  return path.resolve(typedIn ?? process.cwd(), typed);
}

/** export-catalog's options, checked before the database is opened: the organization's lessons (its id), or the catalog (null). */
function exportArguments(values: Record<string, unknown>): number | null {
  if (values.category !== undefined && (typeof values.category !== 'string' || values.category.trim() === ''))
    throw new UsageError('--category must be a category key (as in the catalog file) or a category id.');
  if (values.organization === undefined) return null;
  if (values.category !== undefined)
    throw new UsageError("--category and --organization do not go together: a category is the platform catalog's, an organization's own lessons are not.");
  return organizationIdOf(values.organization);
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    strict: true,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      organization: { type: 'string' },
      team: { type: 'string' },
      role: { type: 'string' },
      'super-user': { type: 'boolean' },
      head: { type: 'string' },
      'head-at': { type: 'string' },
      retry: { type: 'string' },
      queue: { type: 'string' },
      'no-draft-translations': { type: 'boolean' },
      category: { type: 'string' },
    },
  });
  if (
    ![
      'migrate',
      'seed-demo',
      'import-catalog',
      'export-catalog',
      'import-lessons',
      'create-organization',
      'create-user',
      'set-password',
      'verify-evidence',
      'move-storage-to',
      'jobs',
      'set-studio-quota',
      'draft-translations',
    ].includes(command)
  ) {
    throw new UsageError(`Unknown command "${command}". Run with --help to see the commands.`);
  }
  const oneArgument: Record<string, string> = {
    'import-catalog': '<file.json>',
    'export-catalog': '<directory> [--category <key or id> | --organization <id>]',
    'import-lessons': '<file.json> --organization <id>',
    'move-storage-to': '<STORAGE_URL>',
  };
  const expectedPositionals = command === 'set-studio-quota' ? 2 : oneArgument[command] ? 1 : 0;
  if (command === 'set-studio-quota' && positionals.length !== 2) throw new UsageError('Usage: set-studio-quota <organization id> <MB|default>');
  if (positionals.length !== expectedPositionals) {
    throw new UsageError(expectedPositionals ? `Usage: ${command} ${oneArgument[command]}` : `Unexpected argument "${positionals[0]}".`);
  }
  const exportedOrganization = command === 'export-catalog' ? exportArguments(values) : null;
  if (command === 'import-lessons') required(values, 'organization');
  const importingInto = command === 'import-lessons' ? organizationIdOf(values.organization) : null;
  const quota = command === 'set-studio-quota' ? studioQuotaArguments(positionals) : null;
  const config = loadConfig();
  // Files only: no database is opened.
  if (command === 'move-storage-to') return moveStorageTo(config.dataDir, positionals[0]!);
  useEvidenceKey(resolveEvidenceKey(config));
  const { db, dialect } = createDb(config.databaseUrl);
  const storage = await createStorage(config.storageUrl, config.dataDir);
  let jobs: JobQueue | null = null;
  let mailer: Mailer | null = null;
  try {
    const applied = await migrateToLatest(db);
    // The command line works no job: what it enqueues (e-mails of a seed, an import's work) waits for a running instance.
    jobs = await createJobQueue({ ...config, jobs: { ...config.jobs, run: false } }, db, consoleLog);
    mailer = createMailer(db, config, consoleLog, jobs);
    const ctx: AppContext = { config, db, dialect, mailer, log: consoleLog, storage, events: createDomainEvents(jobs, config), jobs };
    await defineBackgroundWork(ctx);
    switch (command) {
      case 'set-studio-quota': {
        const { organizationId, megabytes } = quota as ReturnType<typeof studioQuotaArguments>;
        if (!(await setStudioQuota(db, organizationId, megabytes))) throw new UsageError(`No organization has the id ${organizationId}.`);
        console.log(
          megabytes === null
            ? `Organization ${organizationId}'s studio quota is the default again (STUDIO_QUOTA_MB, ${config.studio.quotaBytes / 1024 / 1024} MB).`
            : `Organization ${organizationId}'s studio quota is ${megabytes} MB.`,
        );
        return;
      }
      case 'jobs': {
        if (values.retry !== undefined) {
          required(values, 'retry', 'queue');
          if (!(await jobs.retry(values.queue as string, values.retry as string)))
            throw new UsageError(`No failed job ${values.retry} in the queue ${values.queue}.`);
          console.log(`Job ${values.retry} is back in the queue ${values.queue}.`);
          return;
        }
        for (const line of await jobsReport(jobs)) console.log(line);
        return;
      }
      case 'draft-translations': {
        const { captions, titles, names } = await draftAllTranslations(ctx);
        const left = (counts: typeof captions) => counts['up to date'] + counts.authored + counts['no source'];
        console.log(`Machine-translated captions: ${captions.drafted} drafted, ${left(captions)} left as they were.`);
        console.log(`Machine-translated titles: ${titles.drafted} drafted, ${left(titles)} left as they were.`);
        console.log(`Machine-translated category and sub-category names: ${names} drafted.`);
        return;
      }
      case 'migrate':
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
        return;
      case 'seed-demo':
        console.log((await seedDemo(ctx, progressBar())) ? 'Demo data loaded.' : 'Demo data was already there.');
        for (const line of demoSignIns(ctx)) console.log(line);
        return;
      case 'import-catalog': {
        console.log(
          describeImport(await importCatalog(ctx, typedPath(positionals[0]!), progressBar(), values['no-draft-translations'] ? { draftCaptions: false } : {})),
        );
        return;
      }
      case 'export-catalog': {
        const directory = typedPath(positionals[0]!);
        if (exportedOrganization !== null) {
          console.log(describeLessonsExport(await exportOwnLessons(ctx, directory, exportedOrganization), exportedOrganization, directory));
          return;
        }
        console.log(describeExport(await exportCatalog(ctx, directory, { category: (values.category as string | undefined) ?? null }), directory));
        return;
      }
      case 'import-lessons': {
        const into = importingInto as number;
        console.log(describeLessonsImport(await importOwnLessons(ctx, typedPath(positionals[0]!), into), into));
        return;
      }
      case 'create-organization': {
        required(values, 'name', 'email', 'password');
        const { organizationId, userId } = await createOrganization(ctx, values.name as string, {
          email: (values.email as string).toLowerCase(),
          password: values.password as string,
          name: values['first-name'] ?? 'Administrator',
          lastName: values['last-name'] ?? '',
        });
        console.log(`Organization ${organizationId} created with super user ${userId} and a 30-day trial.`);
        return;
      }
      case 'verify-evidence': {
        required(values, 'organization');
        const check = await checkChain(db, organizationIdOf(values.organization), keptHeadOf(values.head, values['head-at']));
        if (check.intact) console.log(`Evidence chain intact: ${check.records} records, last hash ${check.lastHash ?? '-'}.`);
        else {
          console.log(`Evidence chain BROKEN: ${evidenceBreaksText(check.breaks.length)}.`);
          for (const b of check.breaks) console.log(`- ${b.message}`);
          process.exitCode = 1;
        }
        return;
      }
      case 'create-user': {
        required(values, 'organization', 'email', 'password', 'first-name', 'last-name');
        const organizationId = organizationIdOf(values.organization);
        const userId = await addMember(ctx, organizationId, {
          email: (values.email as string).toLowerCase(),
          password: values.password as string,
          name: values['first-name'] as string,
          lastName: values['last-name'] as string,
          team: values.team,
          role: values.role,
          superUser: values['super-user'] === true,
        });
        console.log(`User ${userId} created.`);
        return;
      }
      case 'set-password': {
        required(values, 'email', 'password');
        const weak = passwordProblem(values.password as string);
        if (weak) throw new UsageError(weak);
        const user = await findUserByEmail(db, values.email as string);
        if (!user) throw new UsageError(`No user has the e-mail ${values.email}.`);
        await updateUser(db, user.id, { password_hash: await hashPassword(values.password as string) });
        await revokeUserSessions(db, user.id);
        console.log(`Password set for ${user.email}; their sessions were ended.`);
        return;
      }
    }
  } finally {
    mailer?.close();
    await jobs?.stop({ drain: false });
    storage.close();
    await db.destroy();
  }
}

async function moveStorageTo(dataDir: string, storageUrl: string): Promise<void> {
  try {
    parseS3Url(storageUrl);
  } catch (error) {
    throw new UsageError(`The STORAGE_URL ${(error as Error).message}.`);
  }
  const from = createLocalStorage(dataDir);
  const to = await createStorage(storageUrl, dataDir);
  try {
    await to.ping().catch((error: Error) => {
      throw new UsageError(`The ${to.description} cannot be reached (${error.name}: ${error.message}).`);
    });
    let shown = 0;
    const uploads = await finishedLocalUploads(dataDir);
    const summary = await moveStorage(
      from,
      to,
      (done, total) => {
        // A line every 10% (and the last): readable in a terminal and in a log alike.
        if (done === total || done - shown >= total / 10) {
          shown = done;
          console.log(`${done}/${total} files`);
        }
      },
      uploads.finished,
    );
    console.log(describeMove(summary, to.description));
    if (uploads.unfinished)
      console.log(
        `${uploads.unfinished} unfinished studio upload${uploads.unfinished === 1 ? ' was' : 's were'} not copied: a bucket cannot continue them, so their authors upload them again.`,
      );
    if (summary.failed.length) process.exitCode = 1;
  } finally {
    to.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof AppError) {
    console.error(`Error: ${error.message}`);
  } else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`Error: ${error.message}. Run with --help to see the options.`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
