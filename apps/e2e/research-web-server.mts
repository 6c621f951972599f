// The small web the research e2e tests read (apps/api/test/research-web.ts): pages of different
// quality about urban heat islands, a dead link, a slow page, a PDF, and a SearxNG-format /search,
// on RESEARCH_WEB_E2E_PORT (loopback). Playwright starts and stops it (playwright.config.ts); the
// API under test has RESEARCH_SEARCH_URL pointing here.
import { startResearchWeb } from '@aide/api/test/research-web';

const port = Number(process.env.RESEARCH_WEB_E2E_PORT ?? 3298);
// The slow page answers after 8 s; the API gives up on it after RESEARCH_FETCH_TIMEOUT_MS (3 s), so
// a run lasts a few seconds: long enough to watch its progress.
const web = await startResearchWeb({ port, slowDelayMs: 8_000 });
console.log(`Research fixture web on ${web.origin}`);

const stop = () => void web.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
