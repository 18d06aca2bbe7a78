import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readCpuSeconds } from './process-tree';

/**
 * What one wrk run measured. wrk counts a time-out when an answer comes later than `--timeout`: such answers are
 * among `requests` and the rate but not in the latencies; a request still unanswered when the run ends is in none.
 */
export interface WrkFigures {
  rate: number;
  requests: number;
  /** NaN when no answer came within the time-out. */
  p50Ms: number;
  p99Ms: number;
  timeouts: number;
  /** Refused, reset or failed connections, and answers other than 2xx/3xx. */
  errors: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** wrk's durations ("635.91us", "14.00ms", "1.37s", "2.00m") in milliseconds. */
export function parseWrkDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!match) throw new Error(`not a wrk duration: "${text}"`);
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** The figures of wrk's `--latency` report. */
export function parseWrkReport(report: string): WrkFigures {
  const field = (pattern: RegExp) => pattern.exec(report)?.[1];
  const requests = Number(field(/^\s*(\d+) requests in /m));
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const [connect, read, write, timeouts] = sockets ? sockets.slice(1).map(Number) : [0, 0, 0, 0];
  const rate = field(/^Requests\/sec:\s+([\d.]+)/m);
  if (rate === undefined || Number.isNaN(requests)) throw new Error(`unexpected wrk report:\n${report}`);
  // With no answer in time, wrk prints a distribution of zeros.
  const percentile = (label: string) => {
    const value = field(new RegExp(`^\\s+${label}%\\s+(\\S+)`, 'm'));
    return value === undefined || requests - timeouts! <= 0 ? NaN : parseWrkDuration(value);
  };
  return {
    rate: Number(rate),
    requests,
    p50Ms: percentile('50'),
    p99Ms: percentile('99'),
    timeouts: timeouts!,
    errors: connect! + read! + write! + Number(field(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
  };
}

/**
 * A wrk script that sends each thread's requests to the given paths in turn, the threads starting half the list
 * apart; the headers given to runWrk go with every one. Written into `folder`; returns its file.
 */
export function writeRotationScript(folder: string, paths: readonly string[]): string {
  const file = path.join(folder, 'rotation.lua');
  fs.writeFileSync(
    file,
    `local paths = {${paths.map((target) => JSON.stringify(target)).join(', ')}}
local threads = 0
position = 0
function setup(thread)
  thread:set("position", (threads * math.floor(#paths / 2)) % #paths)
  threads = threads + 1
end
function request()
  position = position % #paths + 1
  return wrk.format("GET", paths[position])
end
`,
  );
  return file;
}

/**
 * `wrk -t2 --latency` on one URL (or, with `script`, what the script asks of that origin) with the given headers,
 * connections, seconds and time-out. `clientCpuSeconds` is wrk's own CPU, read every 200 ms while it runs (its
 * last fraction of a second is missed): on a machine of two cores, what it takes the server does not get.
 */
export function runWrk(
  url: string,
  options: {
    connections: number;
    durationS: number;
    timeoutS: number;
    headers: Record<string, string>;
    script?: string;
  },
): Promise<WrkFigures & { clientCpuSeconds: number }> {
  const args = [
    '-t2',
    `-c${options.connections}`,
    `-d${options.durationS}s`,
    `--timeout`,
    `${options.timeoutS}s`,
    '--latency',
    ...(options.script ? ['-s', options.script] : []),
    ...Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    let clientCpuSeconds = 0;
    const child = execFile('wrk', args, { encoding: 'utf8' }, (error, stdout) => {
      clearInterval(sampler);
      if (error) reject(error);
      else resolve({ ...parseWrkReport(stdout), clientCpuSeconds });
    });
    const sampler = setInterval(() => {
      const used = readCpuSeconds(child.pid!);
      if (used > 0) clientCpuSeconds = used;
    }, 200);
  });
}
