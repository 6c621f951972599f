import { existsSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_LIMITS } from '@aide/contracts';
import { z } from 'zod';
import { REPO_ROOT } from '../common/repo-root.util';
import { parsePrivateNetworkAllowance } from '../outbound/outbound-policy';

/** Where the shell's production build lands; its presence turns SERVE_FRONTENDS on by default. */
export const SHELL_INDEX_HTML = path.join(REPO_ROOT, 'apps/shell/dist/index.html');

const flag = (name: string) => z.stringbool({ error: `${name} must be true or false` });
const perMinute = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .default(fallback);

/** A setting that was replaced: refused with the name of its successor rather than ignored. */
const replacedByOutboundSetting = (name: string) =>
  z
    .undefined({
      error: `${name} was replaced by OUTBOUND_ALLOW_PRIVATE_NETWORKS (true, or the networks to allow): see README`,
    })
    .optional();

const positiveInt = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .default(fallback);

/** An http(s) URL without trailing slashes, so paths can be appended. */
const httpUrl = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an http:// or https:// URL` })
    .transform((url) => url.replace(/\/+$/, ''));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  /** Unset: main.ts starts an embedded Postgres with its data in DATA_DIR/postgres. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z
    .string()
    .default(path.join(REPO_ROOT, '.data'))
    .transform((dir) => path.resolve(dir)),
  /** Unset: one is generated on first start and kept in DATA_DIR/session-secret. */
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /**
   * Where the Web Push (VAPID) key pair comes from; every API instance needs the same one, as with
   * SESSION_SECRET. Unset: one is generated on first start and kept in DATA_DIR/vapid-secret.
   */
  VAPID_SECRET: z.string().min(32, 'VAPID_SECRET must be at least 32 characters').optional(),
  LOG_REQUESTS: flag('LOG_REQUESTS').default(true),
  /**
   * argon2id's cost for new password hashes: 'standard' (argon2's defaults, 64 MiB, 3 passes), or
   * 'fast-for-tests' (1 MiB, 1 pass), allowed only with NODE_ENV=test, where hundreds of sign-ups
   * would otherwise spend most of the API suite's time hashing. Verifying reads the cost from the hash.
   */
  PASSWORD_HASHING: z
    .enum(['standard', 'fast-for-tests'], { error: 'PASSWORD_HASHING must be standard or fast-for-tests' })
    .default('standard'),
  /**
   * true behind one reverse proxy (TLS terminator): the client IP and protocol come from
   * X-Forwarded-For/-Proto. Off by default: exposed directly, clients could forge that header
   * to dodge the per-IP sign-in limit. While off, the first request carrying those headers logs
   * a warning (see common/forwarded-headers.middleware.ts).
   */
  TRUST_PROXY: flag('TRUST_PROXY').default(false),
  SERVE_FRONTENDS: flag('SERVE_FRONTENDS').default(() => existsSync(SHELL_INDEX_HTML)),
  /** Sign-in attempts per minute for one email from one IP address; the next answers 429. */
  AUTH_RATE_LIMIT: perMinute('AUTH_RATE_LIMIT', 10),
  /** Sign-in attempts per minute from one IP address whatever the email (no spraying over many accounts); the next answers 429. */
  AUTH_IP_RATE_LIMIT: perMinute('AUTH_IP_RATE_LIMIT', 100),
  /** Sign-up attempts per minute from one IP address; the next answers 429. */
  AUTH_REGISTER_RATE_LIMIT: perMinute('AUTH_REGISTER_RATE_LIMIT', 20),
  /**
   * Where the sign-in, sign-up, password-reset and tracking-collector rate limits count: 'memory'
   * (this process only: right for one instance) or 'postgres' (an UNLOGGED table every instance
   * shares: needed behind a load balancer). Unset: postgres when DATABASE_URL is set, memory with
   * the embedded database (rateLimitStoreOf).
   */
  RATE_LIMIT_STORE: z
    .enum(['memory', 'postgres'], { error: "RATE_LIMIT_STORE must be 'memory' or 'postgres'" })
    .optional(),
  /**
   * The address people reach the app at (https://aide.example.com). Google sign-in's redirect URI
   * is built from it; unset, it is taken from each request's host and protocol.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** The OpenID Connect issuer behind "Continue with Google"; any standard OIDC issuer works. */
  OIDC_ISSUER_URL: z
    .url({ protocol: /^https?$/, error: 'OIDC_ISSUER_URL must be an http:// or https:// URL' })
    .default('https://accounts.google.com'),
  /**
   * The app's own outgoing mail (verification and password-reset links, security notices), as a
   * nodemailer connection URL: smtp://user:password@host:587 (STARTTLS when offered) or
   * smtps://user:password@host:465. Unset: the app sends no mail, sign-up answers as it always did
   * and password resets are an admin action. Needs PUBLIC_URL (the links in the mail) and MAIL_FROM.
   */
  MAIL_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'MAIL_SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  /** The From of the app's own mail, e.g. "Aide <no-reply@aide.example.com>". */
  MAIL_FROM: z.string().min(3, 'MAIL_FROM must be an address such as Aide <no-reply@example.com>').optional(),
  /** Google (OIDC) sign-in is on when both are set. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /**
   * An OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp), up to the version
   * segment: https://api.openai.com/v1. Unset: the built-in offline engine answers (ai/ai.module.ts).
   */
  AI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'AI_BASE_URL must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** Sent as a Bearer token when set; local servers (Ollama, llama.cpp) need none. */
  AI_API_KEY: z.string().optional(),
  /** The model name the server knows (gpt-4o-mini, llama3.1 …); required with AI_BASE_URL. */
  AI_MODEL: z.string().optional(),
  /** The longest one model call may take, retries included. */
  AI_TIMEOUT_MS: z.coerce
    .number({ error: 'AI_TIMEOUT_MS must be a number' })
    .int('AI_TIMEOUT_MS must be a whole number')
    .min(1, 'AI_TIMEOUT_MS must be at least 1')
    .default(30000),
  /** Further attempts after a 429, a 5xx or a network error (0 = none). */
  AI_MAX_RETRIES: z.coerce
    .number({ error: 'AI_MAX_RETRIES must be a number' })
    .int('AI_MAX_RETRIES must be a whole number')
    .min(0, 'AI_MAX_RETRIES must be at least 0')
    .max(10, 'AI_MAX_RETRIES must be at most 10')
    .default(2),
  /**
   * 32 random bytes, base64 (`openssl rand -base64 32`), encrypting stored integration passwords and
   * tokens. Unset: one is generated on first start and kept in DATA_DIR/credentials-key.
   */
  CREDENTIALS_KEY: z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
      'CREDENTIALS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /**
   * Encrypts backups (`cli.js backup`) with this passphrase (scrypt, AES-256-GCM); restore needs the
   * same one. Unset: backups are written unencrypted (still mode 0600). See apps/api/src/backup/.
   */
  BACKUP_PASSPHRASE: z.string().min(12, 'BACKUP_PASSPHRASE must be at least 12 characters').optional(),
  /** Google Calendar's REST API (v3) and Google's OAuth2 endpoints; overridable for tests or proxies. */
  GOOGLE_CALENDAR_API_URL: httpUrl('GOOGLE_CALENDAR_API_URL').default('https://www.googleapis.com/calendar/v3'),
  GOOGLE_OAUTH_URL: httpUrl('GOOGLE_OAUTH_URL').default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: httpUrl('GOOGLE_TOKEN_URL').default('https://oauth2.googleapis.com/token'),
  /** OpenID Connect userinfo: which Gmail address an OAuth grant belongs to. */
  GOOGLE_USERINFO_URL: httpUrl('GOOGLE_USERINFO_URL').default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** Outlook calendars (Microsoft Graph) are on when both are set: an app registered in Microsoft Entra. */
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  /** The Microsoft identity platform authority, up to /oauth2/v2.0; /authorize and /token are appended. */
  MICROSOFT_AUTHORITY: httpUrl('MICROSOFT_AUTHORITY').default('https://login.microsoftonline.com/common/oauth2/v2.0'),
  GRAPH_API_URL: httpUrl('GRAPH_API_URL').default('https://graph.microsoft.com/v1.0'),
  /** 'worker' (or `main.js --worker`): no HTTP listener, only the background-job workers (jobs/). */
  AIDE_PROCESS: z.enum(['api', 'worker'], { error: "AIDE_PROCESS must be 'api' or 'worker'" }).default('api'),
  /** false: this process only enqueues jobs (HTTP-only); a worker process runs them. */
  JOBS_WORKERS: flag('JOBS_WORKERS').default(true),
  /** How many jobs of one kind this process runs at once. */
  JOBS_CONCURRENCY: positiveInt('JOBS_CONCURRENCY', 2),
  /** How often an idle worker looks for jobs; new jobs also wake workers at once (LISTEN/NOTIFY). */
  JOBS_POLL_INTERVAL_SECONDS: z.coerce
    .number({ error: 'JOBS_POLL_INTERVAL_SECONDS must be a number' })
    .min(0.5, 'JOBS_POLL_INTERVAL_SECONDS must be at least 0.5')
    .default(2),
  /** How often jobs abandoned by a dead worker (expired, no heartbeat) are found and retried. */
  JOBS_SUPERVISE_INTERVAL_SECONDS: positiveInt('JOBS_SUPERVISE_INTERVAL_SECONDS', 60),
  /** On shutdown, how long running jobs may take to finish before they are aborted (and retried later). */
  JOBS_SHUTDOWN_GRACE_SECONDS: positiveInt('JOBS_SHUTDOWN_GRACE_SECONDS', 30),
  /** Where uploaded documents' bytes live: 'local' (a folder, DOCUMENT_STORAGE_DIR) or 's3' (any S3-compatible store, S3_*). */
  DOCUMENT_STORAGE: z.enum(['local', 's3'], { error: "DOCUMENT_STORAGE must be 'local' or 's3'" }).default('local'),
  /** The folder of the local document store; unset: DATA_DIR/documents. */
  DOCUMENT_STORAGE_DIR: z
    .string()
    .transform((dir) => path.resolve(dir))
    .optional(),
  /** The largest file an upload may carry, in MB (1024 × 1024 bytes); a larger one answers 413. */
  DOCUMENT_MAX_FILE_SIZE_MB: z.coerce
    .number({ error: 'DOCUMENT_MAX_FILE_SIZE_MB must be a number' })
    .positive('DOCUMENT_MAX_FILE_SIZE_MB must be greater than 0')
    .max(5 * 1024, 'DOCUMENT_MAX_FILE_SIZE_MB must be at most 5120 (5 GB)')
    .default(DOCUMENT_LIMITS.defaultMaxFileSizeMb),
  /**
   * What an uploaded file may unpack to while its text is read, in MB: a Word .docx by its declared
   * sizes and by the bytes actually unpacked, a PDF by the text reader's buffers (beyond the file
   * itself); beyond it the file is marked failed, its text not extracted (a decompression bomb).
   */
  DOCUMENT_MAX_UNPACKED_MB: z.coerce
    .number({ error: 'DOCUMENT_MAX_UNPACKED_MB must be a number' })
    .int('DOCUMENT_MAX_UNPACKED_MB must be a whole number')
    .min(1, 'DOCUMENT_MAX_UNPACKED_MB must be at least 1')
    .max(2048, 'DOCUMENT_MAX_UNPACKED_MB must be at most 2048 (2 GB)')
    .default(100),
  /** The S3 API's address for a store other than AWS (MinIO, Garage, R2, Ceph…); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: httpUrl('S3_ENDPOINT').optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** The bucket documents are kept in (it must exist); required with DOCUMENT_STORAGE=s3. */
  S3_BUCKET: z.string().optional(),
  /** Both or neither; neither: the AWS SDK's default credentials (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key), which most self-hosted S3 servers need; false: virtual-hosted (bucket.endpoint/key). */
  S3_FORCE_PATH_STYLE: flag('S3_FORCE_PATH_STYLE').default(true),
  /**
   * The research pipeline's web search: a SearxNG instance (or anything answering its JSON API,
   * GET <url>/search?q=…&format=json). Unset: research reads only the user's documents and emails.
   */
  RESEARCH_SEARCH_URL: httpUrl('RESEARCH_SEARCH_URL').optional(),
  /** How long one web page may take to answer and arrive, in milliseconds. */
  RESEARCH_FETCH_TIMEOUT_MS: positiveInt('RESEARCH_FETCH_TIMEOUT_MS', 10_000),
  RESEARCH_ALLOW_PRIVATE_NETWORKS: replacedByOutboundSetting('RESEARCH_ALLOW_PRIVATE_NETWORKS'),
  /** How long one request to a user's website (a page, robots.txt, a link) may take, in milliseconds. */
  WEBSITE_FETCH_TIMEOUT_MS: positiveInt('WEBSITE_FETCH_TIMEOUT_MS', 10_000),
  WEBSITE_ALLOW_PRIVATE_NETWORKS: replacedByOutboundSetting('WEBSITE_ALLOW_PRIVATE_NETWORKS'),
  WEBSITE_UPTIME_ALLOW_PRIVATE_NETWORKS: replacedByOutboundSetting('WEBSITE_UPTIME_ALLOW_PRIVATE_NETWORKS'),
  /**
   * Which loopback and private addresses (127/8, 10/8, 172.16/12, 192.168/16, 100.64/10, ::1,
   * fc00::/7 …) the server may connect to where a user says (websites, uptime, research pages,
   * CalDAV, IMAP, SMTP, WordPress): 'false' (none), 'true' (all), or a comma-separated list of
   * networks, addresses and host names ('192.168.1.0/24, mail.lan'). Link-local and cloud metadata
   * addresses are refused whatever it says (apps/api/src/outbound/).
   */
  OUTBOUND_ALLOW_PRIVATE_NETWORKS: z
    .string()
    .default('false')
    .superRefine((value, context) => {
      try {
        parsePrivateNetworkAllowance(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /** A PEM file of extra certificate authorities trusted for users' sites (e.g. an intranet's own CA), besides the usual ones. */
  WEBSITE_EXTRA_CA_FILE: z.string().optional(),
  /** When active sites' SEO audits are run again (cron, UTC); each site at most once a day. */
  WEBSITE_AUDIT_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'WEBSITE_AUDIT_CRON must be a 5-field cron expression')
    .default('15 3 * * *'),
  /**
   * Social publishing through connected accounts (apps registered with each platform). A platform
   * whose client id and secret are unset offers no 'Connect'; 'Publish Now' opens its share page.
   * The API and OAuth base URLs are overridable for tests (local servers speaking each platform's API).
   */
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  /** X API v2 (…/2/tweets, …/2/oauth2/token). */
  TWITTER_API_URL: httpUrl('TWITTER_API_URL').default('https://api.twitter.com'),
  TWITTER_AUTHORIZE_URL: httpUrl('TWITTER_AUTHORIZE_URL').default('https://twitter.com/i/oauth2/authorize'),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  /** LinkedIn's REST API (…/rest/posts, …/v2/userinfo). */
  LINKEDIN_API_URL: httpUrl('LINKEDIN_API_URL').default('https://api.linkedin.com'),
  /** LinkedIn's OAuth2 base: /authorization and /accessToken are appended. */
  LINKEDIN_OAUTH_URL: httpUrl('LINKEDIN_OAUTH_URL').default('https://www.linkedin.com/oauth/v2'),
  /** The LinkedIn-Version header of REST calls (YYYYMM). */
  LINKEDIN_API_VERSION: z
    .string()
    .regex(/^\d{6}$/, 'LINKEDIN_API_VERSION must be YYYYMM')
    .default('202510'),
  /** A Meta app: Facebook pages and Instagram business accounts both connect through Facebook Login. */
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  /** The Graph API, versioned (…/me/accounts, …/{page}/feed, …/oauth/access_token). */
  FACEBOOK_GRAPH_URL: httpUrl('FACEBOOK_GRAPH_URL').default('https://graph.facebook.com/v21.0'),
  FACEBOOK_AUTHORIZE_URL: httpUrl('FACEBOOK_AUTHORIZE_URL').default('https://www.facebook.com/v21.0/dialog/oauth'),
  /** How often published posts' engagement is read back from connected platforms (cron, UTC). */
  SOCIAL_ENGAGEMENT_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'SOCIAL_ENGAGEMENT_CRON must be a 5-field cron expression')
    .default('*/30 * * * *'),
  /**
   * POST /api/collect (the websites' tracking script): events a minute from one IP address, and
   * for one site from everyone; the next answers 429. Generous: a whole office or a mobile
   * carrier's NAT can share an address, and a traffic spike must get through.
   */
  COLLECT_IP_RATE_LIMIT: perMinute('COLLECT_IP_RATE_LIMIT', 600),
  COLLECT_SITE_RATE_LIMIT: perMinute('COLLECT_SITE_RATE_LIMIT', 60_000),
  /** Minutes between two uptime checks of every active website (1–60); 0 turns the schedule off (checks run only when asked). */
  WEBSITE_UPTIME_INTERVAL_MINUTES: z.coerce
    .number({ error: 'WEBSITE_UPTIME_INTERVAL_MINUTES must be a number' })
    .int('WEBSITE_UPTIME_INTERVAL_MINUTES must be a whole number')
    .min(0, 'WEBSITE_UPTIME_INTERVAL_MINUTES must be between 0 and 60')
    .max(60, 'WEBSITE_UPTIME_INTERVAL_MINUTES must be between 0 and 60')
    .default(5),
  /**
   * The bearer token Prometheus sends to GET /metrics (Authorization: Bearer <token>). Unset: /metrics
   * answers 404. At least 32 characters (`openssl rand -hex 32`).
   */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32)').optional(),
  /**
   * Minutes between two runs of the website analytics maintenance (1–60): month partitions made
   * ahead, ended days rolled up, raw events past ANALYTICS_RETENTION_DAYS dropped. 0 turns the
   * schedule off (the Analytics tab then reads the raw events only, and nothing is dropped).
   */
  ANALYTICS_ROLLUP_INTERVAL_MINUTES: z.coerce
    .number({ error: 'ANALYTICS_ROLLUP_INTERVAL_MINUTES must be a number' })
    .int('ANALYTICS_ROLLUP_INTERVAL_MINUTES must be a whole number')
    .min(0, 'ANALYTICS_ROLLUP_INTERVAL_MINUTES must be between 0 and 60')
    .max(60, 'ANALYTICS_ROLLUP_INTERVAL_MINUTES must be between 0 and 60')
    .default(10),
  /**
   * Days the raw tracking events (page views, custom events, sessions) are kept; older ones are
   * deleted once rolled up (whole monthly partitions of page views and custom events are dropped),
   * while the daily roll-ups keep the Analytics tab's history. 0 keeps them forever. At least 35,
   * so the raw events always cover the tab's longest period (30 days) and a timezone change can
   * rebuild it.
   */
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number({ error: 'ANALYTICS_RETENTION_DAYS must be a number of days' })
    .int('ANALYTICS_RETENTION_DAYS must be a whole number of days')
    .min(0, 'ANALYTICS_RETENTION_DAYS must be 0 (keep forever) or between 35 and 36500')
    .max(36_500, 'ANALYTICS_RETENTION_DAYS must be 0 (keep forever) or between 35 and 36500')
    .refine(
      (days) => days === 0 || days >= 35,
      'ANALYTICS_RETENTION_DAYS must be 0 (keep forever) or between 35 and 36500',
    )
    .default(395),
  /**
   * Who may read the OpenAPI docs (/api/docs, /api/docs-json, /api/docs-yaml): 'off' (not served),
   * 'admin' (signed-in admins) or 'public'. Unset: off in production, admin otherwise (apiDocsMode).
   */
  API_DOCS: z.enum(['off', 'admin', 'public'], { error: 'API_DOCS must be off, admin or public' }).optional(),
});

/** API_DOCS, or its default for NODE_ENV: the docs list every route, so production keeps them off unless asked. */
export const apiDocsMode = (env: Pick<z.output<typeof envSchema>, 'API_DOCS' | 'NODE_ENV'>) =>
  env.API_DOCS ?? (env.NODE_ENV === 'production' ? 'off' : 'admin');

/**
 * RATE_LIMIT_STORE, or its default: postgres when the operator gave a DATABASE_URL (a server that
 * several instances may share), memory with the embedded database (one instance by construction).
 * main.ts resolves it before it fills DATABASE_URL with the embedded database's address.
 */
export const rateLimitStoreOf = (env: Pick<z.output<typeof envSchema>, 'RATE_LIMIT_STORE' | 'DATABASE_URL'>) =>
  env.RATE_LIMIT_STORE ?? (env.DATABASE_URL ? 'postgres' : 'memory');

/** Settings that only make sense together, checked after each one is valid on its own. */
function crossChecks(env: z.output<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (env.DOCUMENT_STORAGE === 's3' && !env.S3_BUCKET)
    problems.push('S3_BUCKET: S3_BUCKET is required when DOCUMENT_STORAGE is s3');
  if (env.MAIL_SMTP_URL && !env.PUBLIC_URL)
    problems.push('PUBLIC_URL: PUBLIC_URL is required when MAIL_SMTP_URL is set (the links in the mail)');
  if (env.MAIL_SMTP_URL && !env.MAIL_FROM) problems.push('MAIL_FROM: MAIL_FROM is required when MAIL_SMTP_URL is set');
  if (env.PASSWORD_HASHING === 'fast-for-tests' && env.NODE_ENV !== 'test') {
    problems.push('PASSWORD_HASHING: PASSWORD_HASHING=fast-for-tests is only allowed with NODE_ENV=test');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return problems;
}

const remoteUrl = z
  .string()
  .refine((v) => v.startsWith('/') || URL.canParse(v), 'must be an absolute URL or a path starting with /');

/** REMOTE_ORGANISER_URL=… → { organiser: … }; REMOTE_MY_THING_URL → { 'my-thing': … }. */
const REMOTE_URL_VARIABLE = /^REMOTE_([A-Z0-9_]+)_URL$/;

export type Env = z.output<typeof envSchema> & {
  /** Manifest URL overrides for federated remotes, by module id. */
  REMOTE_URLS: Record<string, string>;
};

/**
 * Validates the environment once, at start. Empty values count as unset, so `PORT=` in a shell
 * or compose file falls back to the default instead of failing.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '',
    ),
  );
  const problems: string[] = [];
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  else problems.push(...crossChecks(parsed.data));

  const REMOTE_URLS: Record<string, string> = {};
  for (const [name, value] of Object.entries(present)) {
    const match = REMOTE_URL_VARIABLE.exec(name);
    if (!match) continue;
    const url = remoteUrl.safeParse(value);
    if (url.success) REMOTE_URLS[match[1].toLowerCase().replaceAll('_', '-')] = url.data;
    else problems.push(`${name}: ${url.error.issues[0].message}`);
  }

  if (problems.length > 0 || !parsed.success) {
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return { ...parsed.data, REMOTE_URLS };
}
