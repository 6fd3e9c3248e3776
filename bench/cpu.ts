/**
 * CPU time read from Linux's /proc, for benches that report where a unit of work's cost goes:
 * a process (tree) and PostgreSQL's processes on this machine. Elsewhere the readers answer null.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let clockTicks: number | null = null;
function ticksPerSecond(): number {
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** utime + stime of a process from /proc/<pid>/stat, in ms (all its threads: JS, GC, libuv pool). */
export function procCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / ticksPerSecond();
  } catch {
    return null;
  }
}

/** The process and every descendant still running (a cluster's primary and its workers). */
export function processTree(pid: number): number[] {
  const found = [pid];
  for (let index = 0; index < found.length; index++) {
    try {
      for (const task of readdirSync(`/proc/${found[index]}/task`)) {
        const children = readFileSync(`/proc/${found[index]}/task/${task}/children`, 'utf8').trim();
        if (children) found.push(...children.split(' ').map(Number));
      }
    } catch {
      // gone meanwhile, or not Linux
    }
  }
  return found;
}

/**
 * utime + stime of every PostgreSQL process on the machine (the postmaster, backends, WAL writer,
 * checkpointer...), in ms; null off Linux. A backend that exits between two readings takes its
 * time with it, so read around windows in which the pool keeps its connections.
 */
export function postgresCpuMs(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^[0-9]+$/.test(name));
  } catch {
    return null;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // gone meanwhile
    }
    total += procCpuMs(Number(pid)) ?? 0;
  }
  return total;
}
