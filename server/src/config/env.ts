import path from 'node:path';
import { z } from 'zod';
import { parseS3Url } from '../lib/storage/s3-url.ts';

/** Every setting of the platform, read once at boot (README lists them). */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .optional()
      .refine((v) => !v || /^(postgres(ql)?:\/\/|sqlite:|file:)/.test(v), 'must start with postgres://, sqlite: or file:'),
    PUBLIC_URL: z.string().url().optional(),
    SMTP_URL: z
      .string()
      .optional()
      .refine((v) => !v || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.string().min(3).default('Manufacturing Masters <no-reply@manufacturingmasters.local>'),
    SUPPORT_EMAIL: z.string().email().default('support@manufacturingmasters.local'),
    SALES_EMAIL: z.string().email().default('sales@manufacturingmasters.local'),
    PAYMENT_PROVIDER: z.enum(['offline', 'stripe']).default('offline'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_BASE: z.string().url().optional(),
    GUEST_EMAIL: z.string().email().default('guest@manufacturingmasters.local'),
    GUEST_PASSWORD: z.string().min(1).default('guest-read-only-access'),
    SHARE_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    MEDIA_ACCEL_REDIRECT: z
      .string()
      .regex(/^\/[A-Za-z0-9_/-]*\/$/, 'must be a path that starts and ends with /, such as /internal-media/')
      .optional(),
    /** Media, captions, playbooks and uploads: unset keeps them under DATA_DIR; `s3://bucket?endpoint=...&region=...` puts them in a bucket. */
    STORAGE_URL: z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        if (!v) return;
        try {
          parseS3Url(v);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
        }
      }),
    MEDIA_MEMORY_MB: z.coerce.number().int().min(0).max(65536).default(128),
    REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
    /** The evidence chain's HMAC key (never stored in the database); see lib/evidence-key.ts for the default outside production. */
    EVIDENCE_KEY: z.string().min(32, 'must be at least 32 characters (a random secret, e.g. openssl rand -hex 32)').optional(),
    /** Who receives the weekly signed copy of the evidence chain head; the organization's super users when unset. */
    EVIDENCE_HEAD_EMAIL: z.string().email().optional(),
    /** Bearer token that opens /metrics from anywhere; unset, only direct loopback connections may read it. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a random secret, e.g. openssl rand -hex 16)').optional(),
    /** false: this instance serves HTTP only and leaves background jobs to the others (or to `npm run worker`). */
    RUN_JOBS: z.enum(['true', 'false']).default('true'),
    /** false: a catalog import queues no Apertium drafts of Spanish captions (tests, quick demo stacks); `draft-translations` still drafts. */
    CAPTION_DRAFTS: z.enum(['true', 'false']).default('true'),
    /** How long a running job stays with its instance without news before another instance takes it again. */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** How often an idle worker looks for jobs other instances enqueued (pg-boss: at least 500 ms). */
    JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
    /** The studio (issue 37): the largest upload, each organization's storage quota (megabytes), the longest video (seconds). */
    STUDIO_MAX_UPLOAD_MB: z.coerce.number().positive().max(1_048_576).default(2048),
    STUDIO_QUOTA_MB: z.coerce.number().positive().max(104_857_600).default(20_480),
    STUDIO_MAX_SECONDS: z.coerce.number().int().positive().max(86_400).default(3600),
    /** An upload not finished this many hours after it began is let go: its bytes stop counting against the quota. */
    STUDIO_UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().max(720).default(24),
    /** Seals the single sign-on client secrets (lib/secret-box.ts); outside production a fixed development key when unset. */
    SSO_SECRET_KEY: z.string().min(32, 'must be at least 32 characters (a random secret, e.g. openssl rand -hex 32)').optional(),
    /** true: identity providers may be reached over plain http (a local test provider); the default outside production. */
    SSO_ALLOW_HTTP: z.enum(['true', 'false']).optional(),
    /** true: identity providers may be on private, loopback or link-local addresses (an on-premises provider); the default outside production. */
    SSO_ALLOW_PRIVATE: z.enum(['true', 'false']).optional(),
    /** 1: webhook endpoints may resolve to private, loopback or link-local addresses (a plant's own network, tests). */
    WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
    /** The first webhook retry's delay (doubled each time, at most an hour, for 24 hours). */
    WEBHOOK_RETRY_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.EVIDENCE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['EVIDENCE_KEY'], message: 'is required in production (the key that seals the qualification evidence)' });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
      }
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof schema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'platform.sqlite')}`;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl,
    dialect: databaseUrl.startsWith('postgres') ? ('postgres' as const) : ('sqlite' as const),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    /** Without PUBLIC_URL (development) the platform is reached by any loopback name of its port: localhost, 127.0.0.1, [::1]. */
    publicUrlSet: env.PUBLIC_URL !== undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    /** Where the enterprise "talk to us" form of /plans is delivered. */
    salesEmail: env.SALES_EMAIL,
    payment: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeApiBase: env.STRIPE_API_BASE,
    },
    guest: { email: env.GUEST_EMAIL.toLowerCase(), password: env.GUEST_PASSWORD },
    shareLinkDays: env.SHARE_LINK_DAYS,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY === 'true',
    /** Behind nginx (deploy/nginx.conf): media answers name the file for nginx to send instead of carrying it. */
    mediaAccelRedirect: env.MEDIA_ACCEL_REDIRECT,
    /** Memory for the media files players fetch again and again (segments, posters, captions); 0 reads every one from disk. */
    /** Where media, captions, playbooks and uploads are kept (lib/storage): unset, the directory DATA_DIR. */
    storageUrl: env.STORAGE_URL,
    mediaMemoryBytes: env.MEDIA_MEMORY_MB * 1024 * 1024,
    /** The flood guard (lib/request-budget.ts): API calls a minute per signed-in member, and per address for the rest. */
    requestsPerMinute: env.REQUESTS_PER_MINUTE,
    evidence: { key: env.EVIDENCE_KEY, headEmail: env.EVIDENCE_HEAD_EMAIL },
    /** Opens /metrics to a scraper elsewhere (modules/health/metrics.policy.ts). */
    metricsToken: env.METRICS_TOKEN,
    /** The job queue (modules/jobs): whether this instance works jobs, the lease of a running job, the idle poll. */
    jobs: { run: env.RUN_JOBS === 'true', leaseMs: env.JOB_LEASE_SECONDS * 1000, pollMs: env.JOB_POLL_MS },
    /** Whether a catalog import queues Spanish caption drafts (modules/captions/caption-drafts.ts) unless told otherwise. */
    captionDrafts: env.CAPTION_DRAFTS === 'true',
    /** Integrations (modules/integrations): webhook addresses and retries. */
    integrations: {
      allowPrivateWebhooks: env.WEBHOOK_ALLOW_PRIVATE === '1',
      webhookRetryMs: env.WEBHOOK_RETRY_MS,
    },
    /** The studio's limits: refused (4xx) before any transcoding. */
    studio: {
      maxUploadBytes: Math.floor(env.STUDIO_MAX_UPLOAD_MB * 1024 * 1024),
      quotaBytes: Math.floor(env.STUDIO_QUOTA_MB * 1024 * 1024),
      maxSeconds: env.STUDIO_MAX_SECONDS,
      uploadExpiryMs: Math.floor(env.STUDIO_UPLOAD_EXPIRY_HOURS * 3_600_000),
    },
    /**
     * Single sign-on (modules/sso): the key sealing client secrets (null in production without SSO_SECRET_KEY:
     * connections cannot be configured then) and whether http issuers are accepted.
     */
    sso: {
      secretKey: env.SSO_SECRET_KEY ?? (env.NODE_ENV === 'production' ? null : DEVELOPMENT_SSO_KEY),
      allowHttp: (env.SSO_ALLOW_HTTP ?? (env.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
      allowPrivate: (env.SSO_ALLOW_PRIVATE ?? (env.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    },
  };
}

/** Outside production only: development and test platforms seal SSO secrets with this when SSO_SECRET_KEY is unset. */
const DEVELOPMENT_SSO_KEY = 'development-only-sso-secret-key-not-for-production';

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value names its variable in one line. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and .env files write it.
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // The value itself is not echoed: it may be a secret.
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  return toConfig(parsed.data);
}
