import * as PgBossModule from 'pg-boss';

/**
 * pg-boss ships as ESM only: the built API require()s it natively (Node 24), and Jest compiles it
 * to CommonJS (apps/api/jest.config.js, ESM_ONLY). Kept behind this one import so that is the
 * only place that knows.
 */
export function loadPgBoss(): typeof PgBossModule {
  return PgBossModule;
}
