// X's API and OAuth as a local server (apps/api/test/social-platforms.ts, which also speaks
// LinkedIn and Meta's) on SOCIAL_E2E_PORT (loopback), so the social e2e test can connect an X
// account and publish through it. Playwright starts and stops it (playwright.config.ts); the API
// under test has only TWITTER_* pointing here, so LinkedIn, Facebook and Instagram stay
// unconfigured and their 'Publish Now' opens the share page.
import { startSocialPlatforms } from '@aide/api/test/social-platforms';

const port = Number(process.env.SOCIAL_E2E_PORT ?? 3299);
const platforms = await startSocialPlatforms({ port });
console.log(`Social platforms on ${platforms.origin}`);

const stop = () => void platforms.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
