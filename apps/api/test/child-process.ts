import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const SWC_REGISTER = path.join(__dirname, 'swc-register.cjs');

export interface TsChild {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal) once it has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/** Runs a TypeScript file in a new Node process (this Node, SWC-compiled on the fly), with `env` on top of ours. */
export function runTs(file: string, args: string[], env: Record<string, string>): TsChild {
  const child = spawn(process.execPath, ['-r', SWC_REGISTER, file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, output: () => output, exited };
}
