#!/usr/bin/env node
// `npm run test:slow`: the slow reliability suite (reliability/slow.ts). Not part of `npm test`:
// it runs minutes of load, kills processes and restarts Postgres. Builds the contracts and the API
// first, because the suite starts the real built server (apps/api/dist/main.js) as a child process.
import path from 'node:path';
import { API_BUILD, runSuite } from '../suites/lib/run-suite.mjs';

runSuite({ script: 'test:slow', entry: path.join(import.meta.dirname, 'slow.ts'), builds: API_BUILD });
