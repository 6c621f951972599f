import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time (100 on every common Linux). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcessStat {
  pid: number;
  ppid: number;
  comm: string;
  /** user + system of the process (all its threads) and of its children it has waited for, in ms. */
  cpuMs: number;
}

function readStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone since the directory was listed
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split at the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // Fields from state: [0] state, [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime.
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  return { pid, ppid: Number(fields[1]), comm, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

/**
 * CPU time (ms) spent so far by each tree of this process' child processes, keyed by the command
 * name of the tree's root (e.g. 'postgres' for the postmaster and its backends, 'dovecot' for
 * Dovecot's master and its imap and auth processes). A child that has exited counts in its parent
 * once the parent has waited for it (cutime/cstime), so connections opened and closed between two
 * readings are not lost. Linux only (/proc); elsewhere an empty map.
 */
export function childTreesCpuMs(root = process.pid): Map<string, number> {
  const totals = new Map<string, number>();
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return totals;
  }
  const stats = new Map<number, ProcessStat>();
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  // The child of `root` each process descends from, if any.
  const treeOf = (stat: ProcessStat): ProcessStat | undefined => {
    let current: ProcessStat | undefined = stat;
    for (let depth = 0; current && depth < 64; depth++) {
      if (current.ppid === root) return current;
      current = stats.get(current.ppid);
    }
    return undefined;
  };
  for (const stat of stats.values()) {
    const top = treeOf(stat);
    if (top) totals.set(top.comm, (totals.get(top.comm) ?? 0) + stat.cpuMs);
  }
  return totals;
}

/**
 * Starts reading CPU time: this process' own (user + system) and each child tree's
 * (childTreesCpuMs). The answer, called later, gives what each spent since, in ms.
 */
export function cpuMeter(): () => { ownMs: number; trees: Map<string, number> } {
  const own = process.cpuUsage();
  const before = childTreesCpuMs();
  return () => {
    const used = process.cpuUsage(own);
    const trees = new Map<string, number>();
    for (const [name, ms] of childTreesCpuMs()) trees.set(name, ms - (before.get(name) ?? 0));
    return { ownMs: (used.user + used.system) / 1000, trees };
  };
}
