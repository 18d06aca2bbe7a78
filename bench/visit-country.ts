/**
 * `node --expose-gc --import tsx bench/visit-country.ts` (issue 23): what the visits' country lookup
 * (`server/services/visits/visit-country.ts`, DB-IP's IP to Country Lite data) costs one server process: the
 * time to load the two files, the longest the event loop waited meanwhile (the load is parsed a slice at a time
 * so that requests keep being answered), the memory it keeps (resident and array buffers, after a full
 * collection), and lookups per second for random IPv4, IPv4-mapped IPv6 and IPv6 addresses.
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadCountryTable } from '../server/services/visits/visit-country';

const LOOKUPS = 200_000;
const collect = (globalThis as { gc?: () => void }).gc;

async function settle(): Promise<NodeJS.MemoryUsage> {
  for (let round = 0; round < 3; round += 1) {
    collect?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return process.memoryUsage();
}

/** A repeatable stream of 32-bit numbers. */
function randomWords(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state ^ (state >>> 13);
  };
}

async function main(): Promise<void> {
  if (!collect) console.log('(run with --expose-gc for the memory figures)');
  console.log(`visit-country: load average ${os.loadavg()[0]!.toFixed(2)} at the start`);
  // The event loop's delay with nothing to do, for as long as the load takes below: what the machine's other
  // work alone does to it.
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  idle.disable();
  const before = await settle();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const table = await loadCountryTable();
  const loadMs = performance.now() - started;
  delay.disable();
  const after = await settle();
  const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`;
  console.log(
    `load: ${loadMs.toFixed(0)} ms (${table.size.ipv4} IPv4 and ${table.size.ipv6} IPv6 starts, gaps included); ` +
      `event loop held at most ${(delay.max / 1e6).toFixed(1)} ms at a time (p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms; ` +
      `idle for 1.5 s before: max ${(idle.max / 1e6).toFixed(1)} ms, p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms)`,
  );
  console.log(
    `memory kept: resident ${mib(after.rss - before.rss)}, array buffers ${mib(after.arrayBuffers - before.arrayBuffers)}, ` +
      `JS heap ${mib(after.heapUsed - before.heapUsed)}`,
  );

  const next = randomWords(23);
  const ipv4 = Array.from({ length: LOOKUPS }, () => {
    const word = next();
    return [word >>> 24, (word >>> 16) & 255, (word >>> 8) & 255, word & 255].join('.');
  });
  const mapped = ipv4.map((address) => `::ffff:${address}`);
  // Global unicast (2000::/4), where every IPv6 range of the data lies.
  const ipv6 = Array.from({ length: LOOKUPS }, () =>
    [(0x2000 | (next() & 0xfff)).toString(16), ...Array.from({ length: 7 }, () => (next() & 0xffff).toString(16))].join(
      ':',
    ),
  );
  for (const [name, addresses] of [
    ['IPv4', ipv4],
    ['IPv4-mapped IPv6', mapped],
    ['IPv6', ipv6],
  ] as const) {
    let placed = 0;
    for (const address of addresses) if (table.countryOf(address)) placed += 1;
    const timed = performance.now();
    for (const address of addresses) table.countryOf(address);
    const ms = performance.now() - timed;
    console.log(
      `${name.padEnd(17)} ${((addresses.length / ms) * 1000).toFixed(0).padStart(9)} lookups/s ` +
        `(${((ms * 1000) / addresses.length).toFixed(2)} µs each); ${((placed / addresses.length) * 100).toFixed(1)} % of random addresses placed`,
    );
  }
}

await main();
