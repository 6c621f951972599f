/** The benchmark's child processes (the API, the baseline): start, talk over IPC, read RSS, stop. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Child {
  process: ChildProcess;
  port: number;
  base: string;
  /** Resident set size now, in MB, from /proc/<pid>/status (VmRSS). */
  rssMb(): number;
  /** CPU time used so far (user + system), in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
  cpuMs(): number;
  /** Sends a message and waits for the first reply of type `reply`. */
  ask<T>(message: object, reply: string): Promise<T>;
  stop(): Promise<void>;
}

/** Plain Node (this one, 24) on a compiled .js file, with `env` only (plus PATH and HOME), an IPC channel. */
export async function startChild(file: string, env: Record<string, string>, execArgv: string[] = []): Promise<Child> {
  const child = spawn(process.execPath, [...execArgv, file], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`${file} exited (${code ?? signal}) before listening`)));
    child.on('message', (message: { type: string; port?: number }) => {
      if (message.type === 'listening') resolve(message.port!);
    });
  });
  return {
    process: child,
    port,
    base: `http://127.0.0.1:${port}`,
    rssMb() {
      const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
      return Math.round((kb / 1024) * 10) / 10;
    },
    cpuMs() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15 of stat)
    },
    ask<T>(message: object, reply: string) {
      return new Promise<T>((resolve) => {
        const listener = (answer: { type: string }) => {
          if (answer.type !== reply) return;
          child.off('message', listener);
          resolve(answer as T);
        };
        child.on('message', listener);
        child.send(message);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
