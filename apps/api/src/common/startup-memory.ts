import v8 from 'node:v8';
import vm from 'node:vm';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * One memory-reducing garbage collection once the process is built (main.ts: the API before it
 * listens, the worker once it runs). Start-up (loading ~1,700 modules, Nest's container, TypeORM's
 * metadata, the migrations' check) grows V8's young generation to its largest (2 × 16 MB) and
 * leaves the old-generation pages it freed in Node 24's page pool, all of it resident; V8 gives
 * them back only on a memory-reducing collection, which its memory reducer seldom starts in a
 * process whose timers keep allocating. Idle API after start (bench/api.bench.ts' child): RSS
 * 182 → 142 MB, for one collection of about 0.1–0.4 s.
 *
 * V8's gc() is taken from a new context while the flag allows it (Node's documented way to set a
 * flag at run time), then the flag is put back: no global gc() is left for other code.
 */
export function releaseStartupMemory(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as Gc;
  v8.setFlagsFromString('--no-expose-gc');
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
