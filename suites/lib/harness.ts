// What the suites outside `npm test` (reliability/slow.ts, cluster/cluster.ts, deploy/test.ts) each
// need: waiting for a condition, one SQL statement on a fresh connection, and a child process whose
// output goes to a log file and is kept for the checks.
import { type ChildProcess, spawn } from 'node:child_process';
import type { WriteStream } from 'node:fs';
import { Client } from 'pg';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` every `everyMs` until it answers something truthy, for at most `timeoutMs`. A probe
 * that throws counts as not yet (a server still starting refuses connections).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** One statement on its own connection, closed after: the suites restart and kill the servers they query. */
export async function sql<T = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A child process whose output goes to a log file and is kept in memory for the checks. With
 * `prefixLines`, each line in the log starts with `[name] ` (several processes share one log).
 */
export class Child {
  child: ChildProcess | undefined;
  output = '';
  exit: Promise<NodeJS.Signals | number | null> | undefined;
  constructor(
    readonly name: string,
    readonly log: WriteStream,
    readonly options: { prefixLines?: boolean } = {},
  ) {}
  get alive() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }
  get pid() {
    return this.child?.pid;
  }
  /** Starts the process; the output kept is this start's only. */
  start(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
    this.output = '';
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.output += text;
      this.log.write(this.options.prefixLines ? text.replace(/^/gm, `[${this.name}] `) : chunk);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  }
  /** Sends `signal` and waits for the exit, however long it takes (a check may be about that exit). */
  async kill(signal: NodeJS.Signals) {
    if (!this.alive) return;
    this.child!.kill(signal);
    await this.exit;
  }
  /** Sends `signal`; a process still running 20 s later is killed, so a cleanup never hangs. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (!this.alive) return;
    this.child!.kill(signal);
    await Promise.race([this.exit, sleep(20_000)]);
    if (this.alive) {
      this.child!.kill('SIGKILL');
      await this.exit;
    }
  }
}
