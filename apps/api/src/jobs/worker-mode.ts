import type { Env } from '../config/env.schema';

/** A worker-only process: AIDE_PROCESS=worker, or `node apps/api/dist/main.js --worker`. */
export function isWorkerProcess(env: Pick<Env, 'AIDE_PROCESS'>, argv: readonly string[] = process.argv): boolean {
  return env.AIDE_PROCESS === 'worker' || argv.slice(2).includes('--worker');
}
