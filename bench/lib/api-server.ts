/**
 * The API as the benchmark runs it, in a child process of its own: what apps/api/src/main.ts does
 * with DATABASE_URL set (createApp on the validated environment), but listening on a port the OS
 * picks on 127.0.0.1 only, and reporting that port to the parent over IPC.
 *
 * SQL capture (how the baseline gets "the same SQL"): on { type: 'capture', on: true } this process
 * wraps pg's Client.prototype.query — the one entry point of every statement the API sends (TypeORM's
 * pool and the session store's pool both run on pg Clients) — and records each statement's text,
 * parameters, pool (application_name) and start/end times until { type: 'capture', on: false }, when
 * it restores the original and sends the statements back. The parent brackets exactly one request
 * with those two messages. Outside a capture nothing is wrapped.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createApp } from '../../apps/api/src/app.setup';
import { releaseStartupMemory } from '../../apps/api/src/common/startup-memory';
import { parseEnv } from '../../apps/api/src/config/env.schema';
import type { CapturedStatement } from './api-plan';

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

/** Dates survive the trip to the parent (and on to the baseline) as { $date: iso }. */
function encodeParam(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encodeParam);
  return value;
}

function startCapture(): () => CapturedStatement[] {
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  const statements: CapturedStatement[] = [];
  proto.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
    const params = Array.isArray(values) ? values : ((config as { values?: unknown[] } | undefined)?.values ?? []);
    const name = typeof config === 'object' ? (config as { name?: string } | null)?.name : undefined;
    const entry: CapturedStatement = {
      sql: String(text),
      ...(name && { name }),
      params: params.map(encodeParam),
      pool:
        (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters
          ?.application_name ?? '',
      start: performance.now(),
      end: Number.NaN,
    };
    statements.push(entry);
    const done = () => (entry.end = performance.now());
    const cb = typeof values === 'function' ? values : callback;
    if (typeof cb === 'function') {
      const wrapped = (error: unknown, result: unknown) => {
        done();
        (cb as (e: unknown, r: unknown) => void)(error, result);
      };
      return typeof values === 'function'
        ? original.call(this, config, wrapped)
        : original.call(this, config, values, wrapped);
    }
    const result = original.call(this, config, values) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') {
      return result.then(
        (value) => (done(), value),
        (error: unknown) => {
          done();
          throw error;
        },
      );
    }
    return result;
  };
  return () => {
    proto.query = original;
    return statements;
  };
}

async function main() {
  const env = parseEnv(process.env);
  const app = await createApp(env, { logger: ['error', 'warn'] });
  releaseStartupMemory(); // as main.ts, before listening
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };

  let stopCapture: (() => CapturedStatement[]) | undefined;
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    process.exit(0); // a normal exit, so --cpu-prof writes its profile
  };
  process.on('message', (message: { type: string; on?: boolean }) => {
    if (message.type === 'capture' && message.on) {
      stopCapture = startCapture();
      process.send!({ type: 'capturing' });
    } else if (message.type === 'capture') {
      const statements = stopCapture?.() ?? [];
      stopCapture = undefined;
      process.send!({ type: 'captured', statements });
    } else if (message.type === 'memory') process.send!({ type: 'memory', usage: process.memoryUsage() });
    else if (message.type === 'stop') void close();
  });
  process.on('SIGTERM', () => void close());
  process.on('disconnect', () => void close());
  process.send!({ type: 'listening', port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
