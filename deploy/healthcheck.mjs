// The container's health check (Dockerfile HEALTHCHECK, docker-compose.prod.yml): exit 0 healthy, 1 not.
// An API process: GET /api/health on its own port answers 200 (it answers 503 while the database is
// unreachable). A worker (AIDE_PROCESS=worker) has no HTTP listener: its check is that the database
// it takes jobs from answers, from inside its container.
const TIMEOUT_MS = 4000;

async function api() {
  const port = process.env.PORT || '3000';
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`GET /api/health answered ${response.status}`);
}

async function worker() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
    application_name: 'aide-healthcheck',
  });
  await client.connect();
  try {
    await client.query('SELECT 1');
  } finally {
    await client.end();
  }
}

const isWorker = process.env.AIDE_PROCESS === 'worker';
(isWorker ? worker() : api()).then(
  () => process.exit(0),
  (error) => {
    console.error(`unhealthy: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
