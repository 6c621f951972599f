import path from 'node:path';
import { REPO_ROOT } from '../common/repo-root.util';
import { parseEnv, rateLimitStoreOf } from './env.schema';

describe('parseEnv', () => {
  it('applies the defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: path.join(REPO_ROOT, '.data'),
      LOG_REQUESTS: true,
      AUTH_RATE_LIMIT: 10,
      AUTH_IP_RATE_LIMIT: 100,
      AUTH_REGISTER_RATE_LIMIT: 20,
      REMOTE_URLS: {},
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
  });

  it('reads numbers, flags and paths from their text', () => {
    const env = parseEnv({ PORT: '8080', LOG_REQUESTS: 'false', SERVE_FRONTENDS: 'true', DATA_DIR: 'relative/data' });
    expect(env).toMatchObject({
      PORT: 8080,
      LOG_REQUESTS: false,
      SERVE_FRONTENDS: true,
      DATA_DIR: path.resolve('relative/data'),
    });
  });

  it('reads the sign-in and sign-up rate limits and refuses anything below 1 a minute', () => {
    expect(parseEnv({ AUTH_RATE_LIMIT: '5', AUTH_REGISTER_RATE_LIMIT: '100' })).toMatchObject({
      AUTH_RATE_LIMIT: 5,
      AUTH_REGISTER_RATE_LIMIT: 100,
    });
    expect(() => parseEnv({ AUTH_RATE_LIMIT: '0' })).toThrow('AUTH_RATE_LIMIT: AUTH_RATE_LIMIT must be at least 1');
    expect(() => parseEnv({ AUTH_REGISTER_RATE_LIMIT: '2.5' })).toThrow(
      'AUTH_REGISTER_RATE_LIMIT must be a whole number',
    );
    expect(parseEnv({ AUTH_IP_RATE_LIMIT: '3' })).toMatchObject({ AUTH_IP_RATE_LIMIT: 3 });
    expect(() => parseEnv({ AUTH_IP_RATE_LIMIT: '0' })).toThrow(
      'AUTH_IP_RATE_LIMIT: AUTH_IP_RATE_LIMIT must be at least 1',
    );
  });

  it('counts rate limits in PostgreSQL when DATABASE_URL is set and in memory with the embedded database, unless told', () => {
    expect(rateLimitStoreOf(parseEnv({}))).toBe('memory');
    expect(rateLimitStoreOf(parseEnv({ DATABASE_URL: 'postgres://db/aide' }))).toBe('postgres');
    expect(rateLimitStoreOf(parseEnv({ DATABASE_URL: 'postgres://db/aide', RATE_LIMIT_STORE: 'memory' }))).toBe(
      'memory',
    );
    expect(rateLimitStoreOf(parseEnv({ RATE_LIMIT_STORE: 'postgres' }))).toBe('postgres');
    expect(() => parseEnv({ RATE_LIMIT_STORE: 'redis' })).toThrow(
      "RATE_LIMIT_STORE: RATE_LIMIT_STORE must be 'memory' or 'postgres'",
    );
  });

  it('serves /metrics only with a METRICS_TOKEN of at least 32 characters', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: 'x'.repeat(32) }).METRICS_TOKEN).toBe('x'.repeat(32));
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN: METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32)',
    );
  });

  it('reads the OpenID Connect sign-in settings, with Google as the default issuer', () => {
    const defaults = parseEnv({});
    expect(defaults.OIDC_ISSUER_URL).toBe('https://accounts.google.com');
    expect(defaults.PUBLIC_URL).toBeUndefined();
    expect(defaults.GOOGLE_CLIENT_ID).toBeUndefined();

    const env = parseEnv({
      OIDC_ISSUER_URL: 'http://127.0.0.1:3199',
      PUBLIC_URL: 'https://aide.example.com/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(env).toMatchObject({
      OIDC_ISSUER_URL: 'http://127.0.0.1:3199',
      PUBLIC_URL: 'https://aide.example.com',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(() => parseEnv({ OIDC_ISSUER_URL: 'accounts.google.com' })).toThrow(
      'OIDC_ISSUER_URL: OIDC_ISSUER_URL must be an http:// or https:// URL',
    );
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://aide.example.com' })).toThrow(
      'PUBLIC_URL: PUBLIC_URL must be an http:// or https:// URL',
    );
  });

  it('reads the background-job settings: workers on, in the API process, by default', () => {
    expect(parseEnv({})).toMatchObject({
      AIDE_PROCESS: 'api',
      JOBS_WORKERS: true,
      JOBS_CONCURRENCY: 2,
      JOBS_POLL_INTERVAL_SECONDS: 2,
      JOBS_SUPERVISE_INTERVAL_SECONDS: 60,
      JOBS_SHUTDOWN_GRACE_SECONDS: 30,
    });
    const env = parseEnv({
      AIDE_PROCESS: 'worker',
      JOBS_WORKERS: 'false',
      JOBS_CONCURRENCY: '4',
      JOBS_POLL_INTERVAL_SECONDS: '0.5',
      JOBS_SHUTDOWN_GRACE_SECONDS: '5',
    });
    expect(env).toMatchObject({
      AIDE_PROCESS: 'worker',
      JOBS_WORKERS: false,
      JOBS_CONCURRENCY: 4,
      JOBS_POLL_INTERVAL_SECONDS: 0.5,
      JOBS_SHUTDOWN_GRACE_SECONDS: 5,
    });
    expect(() => parseEnv({ AIDE_PROCESS: 'cron' })).toThrow("AIDE_PROCESS: AIDE_PROCESS must be 'api' or 'worker'");
    expect(() => parseEnv({ JOBS_POLL_INTERVAL_SECONDS: '0.1' })).toThrow(
      'JOBS_POLL_INTERVAL_SECONDS must be at least 0.5',
    );
    expect(() => parseEnv({ JOBS_CONCURRENCY: '0' })).toThrow('JOBS_CONCURRENCY must be at least 1');
    expect(() => parseEnv({ JOBS_WORKERS: 'yes please' })).toThrow('JOBS_WORKERS must be true or false');
  });

  it('hashes passwords at argon2 standard cost, allowing the fast one only in tests', () => {
    expect(parseEnv({}).PASSWORD_HASHING).toBe('standard');
    expect(parseEnv({ NODE_ENV: 'test', PASSWORD_HASHING: 'fast-for-tests' }).PASSWORD_HASHING).toBe('fast-for-tests');
    expect(() => parseEnv({ NODE_ENV: 'production', PASSWORD_HASHING: 'fast-for-tests' })).toThrow(
      'PASSWORD_HASHING: PASSWORD_HASHING=fast-for-tests is only allowed with NODE_ENV=test',
    );
    expect(() => parseEnv({ PASSWORD_HASHING: 'none' })).toThrow('PASSWORD_HASHING must be standard or fast-for-tests');
  });

  it('treats empty values as unset', () => {
    const env = parseEnv({ PORT: '', DATABASE_URL: '  ' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('collects REMOTE_<ID>_URL overrides by module id', () => {
    const env = parseEnv({
      REMOTE_ORGANISER_URL: 'http://localhost:4201/mf-manifest.json',
      REMOTE_MY_THING_URL: '/x/mf-manifest.json',
    });
    expect(env.REMOTE_URLS).toEqual({
      organiser: 'http://localhost:4201/mf-manifest.json',
      'my-thing': '/x/mf-manifest.json',
    });
  });

  it('reads the AI settings: offline engine by default, a model server when AI_BASE_URL is set', () => {
    const defaults = parseEnv({});
    expect(defaults).toMatchObject({ AI_TIMEOUT_MS: 30000, AI_MAX_RETRIES: 2 });
    expect(defaults.AI_BASE_URL).toBeUndefined();
    expect(defaults.AI_API_KEY).toBeUndefined();
    expect(defaults.AI_MODEL).toBeUndefined();

    const env = parseEnv({
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_MODEL: 'llama3.1',
      AI_API_KEY: 'sk-x',
      AI_TIMEOUT_MS: '5000',
      AI_MAX_RETRIES: '0',
    });
    expect(env).toMatchObject({
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.1',
      AI_API_KEY: 'sk-x',
      AI_TIMEOUT_MS: 5000,
      AI_MAX_RETRIES: 0,
    });
    expect(() => parseEnv({ AI_BASE_URL: '127.0.0.1:11434' })).toThrow(
      'AI_BASE_URL: AI_BASE_URL must be an http:// or https:// URL',
    );
    expect(() => parseEnv({ AI_TIMEOUT_MS: '0' })).toThrow('AI_TIMEOUT_MS: AI_TIMEOUT_MS must be at least 1');
    expect(() => parseEnv({ AI_MAX_RETRIES: '-1' })).toThrow('AI_MAX_RETRIES: AI_MAX_RETRIES must be at least 0');
    expect(() => parseEnv({ AI_MAX_RETRIES: 'many' })).toThrow('AI_MAX_RETRIES: AI_MAX_RETRIES must be a number');
  });

  it('reads the calendar-sync settings: Google and Microsoft endpoints by default, a 32-byte credentials key', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      GOOGLE_CALENDAR_API_URL: 'https://www.googleapis.com/calendar/v3',
      GOOGLE_OAUTH_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
      GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com/token',
      MICROSOFT_AUTHORITY: 'https://login.microsoftonline.com/common/oauth2/v2.0',
      GRAPH_API_URL: 'https://graph.microsoft.com/v1.0',
    });
    expect(env.CREDENTIALS_KEY).toBeUndefined();
    expect(env.MICROSOFT_CLIENT_ID).toBeUndefined();
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(parseEnv({ CREDENTIALS_KEY: key, GRAPH_API_URL: 'http://127.0.0.1:9/graph/' })).toMatchObject({
      CREDENTIALS_KEY: key,
      GRAPH_API_URL: 'http://127.0.0.1:9/graph',
    });
    expect(() => parseEnv({ CREDENTIALS_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      'CREDENTIALS_KEY must be 32 bytes in base64',
    );
    expect(() => parseEnv({ GOOGLE_CALENDAR_API_URL: 'ftp://x' })).toThrow(
      'GOOGLE_CALENDAR_API_URL must be an http:// or https:// URL',
    );
  });

  it('takes a backup passphrase of at least 12 characters, and none by default', () => {
    expect(parseEnv({}).BACKUP_PASSPHRASE).toBeUndefined();
    expect(parseEnv({ BACKUP_PASSPHRASE: 'correct horse battery' }).BACKUP_PASSPHRASE).toBe('correct horse battery');
    expect(() => parseEnv({ BACKUP_PASSPHRASE: 'short' })).toThrow('BACKUP_PASSPHRASE must be at least 12 characters');
  });

  it('reads the document storage settings: a local folder and 25 MB files by default, S3 with a bucket', () => {
    const defaults = parseEnv({});
    expect(defaults).toMatchObject({
      DOCUMENT_STORAGE: 'local',
      DOCUMENT_MAX_FILE_SIZE_MB: 25,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(defaults.DOCUMENT_STORAGE_DIR).toBeUndefined();
    expect(defaults.S3_BUCKET).toBeUndefined();
    expect(parseEnv({ DOCUMENT_STORAGE_DIR: 'relative/documents', DOCUMENT_MAX_FILE_SIZE_MB: '0.5' })).toMatchObject({
      DOCUMENT_STORAGE_DIR: path.resolve('relative/documents'),
      DOCUMENT_MAX_FILE_SIZE_MB: 0.5,
    });
    const s3 = parseEnv({
      DOCUMENT_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'aide',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(s3).toMatchObject({
      DOCUMENT_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'aide',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(() => parseEnv({ DOCUMENT_STORAGE: 's3' })).toThrow(
      'S3_BUCKET: S3_BUCKET is required when DOCUMENT_STORAGE is s3',
    );
    expect(() => parseEnv({ S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => parseEnv({ DOCUMENT_STORAGE: 'disk' })).toThrow(
      "DOCUMENT_STORAGE: DOCUMENT_STORAGE must be 'local' or 's3'",
    );
    expect(() => parseEnv({ DOCUMENT_MAX_FILE_SIZE_MB: '0' })).toThrow(
      'DOCUMENT_MAX_FILE_SIZE_MB must be greater than 0',
    );
    expect(() => parseEnv({ DOCUMENT_MAX_FILE_SIZE_MB: 'lots' })).toThrow('DOCUMENT_MAX_FILE_SIZE_MB must be a number');
    expect(() => parseEnv({ S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT must be an http:// or https:// URL');
  });

  it('reads the unpacked-size ceiling for documents: 100 MB by default, a whole number from 1 to 2048', () => {
    expect(parseEnv({}).DOCUMENT_MAX_UNPACKED_MB).toBe(100);
    expect(parseEnv({ DOCUMENT_MAX_UNPACKED_MB: '20' }).DOCUMENT_MAX_UNPACKED_MB).toBe(20);
    expect(() => parseEnv({ DOCUMENT_MAX_UNPACKED_MB: '0' })).toThrow('DOCUMENT_MAX_UNPACKED_MB must be at least 1');
    expect(() => parseEnv({ DOCUMENT_MAX_UNPACKED_MB: '1.5' })).toThrow(
      'DOCUMENT_MAX_UNPACKED_MB must be a whole number',
    );
    expect(() => parseEnv({ DOCUMENT_MAX_UNPACKED_MB: 'lots' })).toThrow('DOCUMENT_MAX_UNPACKED_MB must be a number');
  });

  it('reads the analytics maintenance interval: every 10 minutes by default, 0 (off) to 60', () => {
    expect(parseEnv({}).ANALYTICS_ROLLUP_INTERVAL_MINUTES).toBe(10);
    expect(parseEnv({ ANALYTICS_ROLLUP_INTERVAL_MINUTES: '0' }).ANALYTICS_ROLLUP_INTERVAL_MINUTES).toBe(0);
    expect(() => parseEnv({ ANALYTICS_ROLLUP_INTERVAL_MINUTES: '61' })).toThrow(
      'ANALYTICS_ROLLUP_INTERVAL_MINUTES must be between 0 and 60',
    );
    expect(() => parseEnv({ ANALYTICS_ROLLUP_INTERVAL_MINUTES: 'often' })).toThrow(
      'ANALYTICS_ROLLUP_INTERVAL_MINUTES must be a number',
    );
  });

  it('reads the raw analytics retention: 395 days by default, 0 (forever) or 35 to 36500 days', () => {
    expect(parseEnv({}).ANALYTICS_RETENTION_DAYS).toBe(395);
    expect(parseEnv({ ANALYTICS_RETENTION_DAYS: '0' }).ANALYTICS_RETENTION_DAYS).toBe(0);
    expect(parseEnv({ ANALYTICS_RETENTION_DAYS: '35' }).ANALYTICS_RETENTION_DAYS).toBe(35);
    const range = 'ANALYTICS_RETENTION_DAYS must be 0 (keep forever) or between 35 and 36500';
    expect(() => parseEnv({ ANALYTICS_RETENTION_DAYS: '34' })).toThrow(range);
    expect(() => parseEnv({ ANALYTICS_RETENTION_DAYS: '-1' })).toThrow(range);
    expect(() => parseEnv({ ANALYTICS_RETENTION_DAYS: '36501' })).toThrow(range);
    expect(() => parseEnv({ ANALYTICS_RETENTION_DAYS: '40.5' })).toThrow(
      'ANALYTICS_RETENTION_DAYS must be a whole number of days',
    );
    expect(() => parseEnv({ ANALYTICS_RETENTION_DAYS: 'a year' })).toThrow(
      'ANALYTICS_RETENTION_DAYS must be a number of days',
    );
  });

  it('reports every invalid variable at once', () => {
    expect(() =>
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        LOG_REQUESTS: 'maybe',
        REMOTE_ORGANISER_URL: 'nope',
      }),
    ).toThrow(
      [
        'Invalid environment:',
        '  PORT: PORT must be a number',
        '  DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL',
        '  SESSION_SECRET: SESSION_SECRET must be at least 32 characters',
        '  LOG_REQUESTS: LOG_REQUESTS must be true or false',
        '  REMOTE_ORGANISER_URL: must be an absolute URL or a path starting with /',
      ].join('\n'),
    );
  });

  it('reads OUTBOUND_ALLOW_PRIVATE_NETWORKS (none by default) and names it when a replaced setting is given', () => {
    expect(parseEnv({}).OUTBOUND_ALLOW_PRIVATE_NETWORKS).toBe('false');
    expect(
      parseEnv({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: '192.168.1.0/24, mail.lan' }).OUTBOUND_ALLOW_PRIVATE_NETWORKS,
    ).toBe('192.168.1.0/24, mail.lan');
    expect(() => parseEnv({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: '10.0.0.0/99' })).toThrow(
      'OUTBOUND_ALLOW_PRIVATE_NETWORKS: "10.0.0.0/99" is not a network (like 192.168.1.0/24 or fd00::/8)',
    );
    for (const replaced of [
      'RESEARCH_ALLOW_PRIVATE_NETWORKS',
      'WEBSITE_ALLOW_PRIVATE_NETWORKS',
      'WEBSITE_UPTIME_ALLOW_PRIVATE_NETWORKS',
    ]) {
      expect(() => parseEnv({ [replaced]: 'true' })).toThrow(
        `${replaced}: ${replaced} was replaced by OUTBOUND_ALLOW_PRIVATE_NETWORKS (true, or the networks to allow): see README`,
      );
    }
  });
});
