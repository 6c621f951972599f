#!/usr/bin/env node
// `npm run test:cluster`: the cluster suite (cluster/cluster.ts). Not part of `npm test`: it starts
// Debian's PostgreSQL 15, two API processes, a worker process, a round-robin proxy, s3rver, Dovecot,
// Radicale and Chromium, and waits for minute-granular schedules. Builds the contracts and the API
// first, because the suite starts the real built server (apps/api/dist/main.js) as child processes.
import path from 'node:path';
import { API_BUILD, runSuite } from '../suites/lib/run-suite.mjs';

runSuite({ script: 'test:cluster', entry: path.join(import.meta.dirname, 'cluster.ts'), builds: API_BUILD });
