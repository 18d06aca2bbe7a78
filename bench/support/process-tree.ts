import fs from 'node:fs';

/**
 * The server as `npm start` runs it: one process, or a cluster's primary and its workers (WEB_CONCURRENCY,
 * one per core by default). Figures of "the server" are sums over this tree, read again each time, since a
 * worker that dies is replaced.
 */
export function processTree(pid: number): number[] {
  const pids = [pid];
  for (let index = 0; index < pids.length; index += 1) {
    const tasks = `/proc/${pids[index]}/task`;
    let threads: string[];
    try {
      threads = fs.readdirSync(tasks);
    } catch {
      continue;
    }
    for (const thread of threads) {
      try {
        const children = fs.readFileSync(`${tasks}/${thread}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(' ').map(Number));
      } catch {
        // The thread ended while we read.
      }
    }
  }
  return pids;
}

function sumOverTree(pid: number, read: (pid: number) => number): number {
  return processTree(pid).reduce((sum, member) => {
    try {
      const value = read(member);
      // A process on its way out has no memory figures left: it counts for nothing, as one already gone.
      return Number.isNaN(value) ? sum : sum + value;
    } catch {
      return sum;
    }
  }, 0);
}

function statusField(pid: number, name: string): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
}

/** Resident memory of the tree, and the sum of each process's peak (VmHWM) since `resetPeaks`. */
export function readMemoryKiB(pid: number): { rss: number; hwm: number } {
  return {
    rss: sumOverTree(pid, (p) => statusField(p, 'VmRSS')),
    hwm: sumOverTree(pid, (p) => statusField(p, 'VmHWM')),
  };
}

/**
 * One process's proportional memory (/proc/<pid>/smaps_rollup), in KiB: Pss, a page shared by n processes counting
 * 1/n in each, so forked workers (Apache's prefork children, a cluster's workers) are not counted many times over as
 * in RSS; and its anonymous part (heaps, malloc: the process's own) apart from file-backed pages (code, libraries).
 */
export function proportionalMemoryKiB(pid: number): { pss: number; anonymous: number; file: number } {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return { pss: field('Pss'), anonymous: field('Pss_Anon'), file: field('Pss_File') };
}

/** Proportional memory (Pss) of the tree. */
export function readProportionalKiB(pid: number): number {
  return sumOverTree(pid, (member) => proportionalMemoryKiB(member).pss);
}

/** The same for each process of the tree, the first one's (the cluster's primary) first; NaN for one gone meanwhile. */
export function readProportionalKiBEach(pid: number): number[] {
  return processTree(pid).map((member) => {
    try {
      return proportionalMemoryKiB(member).pss;
    } catch {
      return NaN;
    }
  });
}

/** Writing 5 to clear_refs resets VmHWM (Linux 4.0+), so a peak counts the load only, not the demo seeding. */
export function resetPeaks(pid: number): boolean {
  try {
    for (const member of processTree(pid)) fs.writeFileSync(`/proc/${member}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** CPU seconds the tree has used (utime + stime of /proc/<pid>/stat, in clock ticks of 1/100 s on Linux). */
export function readCpuSeconds(pid: number): number {
  return sumOverTree(pid, (member) => {
    const stat = fs.readFileSync(`/proc/${member}/stat`, 'utf8');
    // The command name may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  });
}

/**
 * Waits until the server has worked off the requests a finished run left queued, so the next run has the cores
 * (less than 0.05 s of CPU in half a second; 60 s at most).
 */
export async function waitUntilIdle(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let before = readCpuSeconds(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = readCpuSeconds(pid);
    if (now - before < 0.05) return;
    before = now;
  }
}
