#!/usr/bin/env node
// `npm run test:deploy`: the production deployment's proxy and image checks (deploy/test.ts).
// Builds everything first (the staged image holds the shell and the remotes), then runs Debian's
// Caddy with deploy/Caddyfile in front of two API processes started from the staged image folder.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runSuite } from '../suites/lib/run-suite.mjs';

runSuite({
  script: 'test:deploy',
  entry: path.join(import.meta.dirname, 'test.ts'),
  builds: [['nx', 'run-many', '-t', 'build', '--outputStyle=static']],
  missing: () => {
    const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
    if (caddy.error || caddy.status !== 0)
      return 'caddy is not installed: apt-get install -y caddy (Debian 12 ships Caddy 2.6)';
  },
});
