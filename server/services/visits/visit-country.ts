import { type FileHandle, open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { errorText, logEvent } from '../../log';

/**
 * The country of a page view's address (issue 23, decision 019): DB-IP's "IP to Country Lite" data (CC BY 4.0,
 * attribution required: the dashboard's Countries card links to db-ip.com), from the npm package
 * `@ip-location-db/dbip-country`, looked up in this process's memory. Only the two-letter code is kept; the
 * address is dropped with the beacon, as before.
 *
 * The package's `-num.csv` files hold sorted, disjoint, inclusive ranges `start,end,CC` as decimal integers, IPv4
 * (32-bit) and IPv6 (128-bit). Held here as the start of each range plus one for each gap (reserved blocks such as
 * 10/8, 127/8 or 2001:db8::/32 have no range), each with its country's index (0: none), so a lookup is a binary
 * search for the last start at or below the address. IPv6 is compared on all 128 bits: all but 588 of the
 * 345,868 IPv6 ranges of the 2026-06 data begin and end on /64 boundaries, but those split a /64
 * (2001:550:0:1000::9a18:1074 starts one), so the top 64 bits would not do. Load time, memory and lookup rate:
 * decision 019 and `bench/visit-country.ts`.
 */
export interface CountryTable {
  /** The ISO 3166-1 alpha-2 code of the address's country, or null: unknown, private, loopback, not an address. */
  countryOf: (address: string) => string | null;
  /** Ranges as loaded, gaps included: IPv4, IPv6. */
  size: { ipv4: number; ipv6: number };
}

const PACKAGE = '@ip-location-db/dbip-country';
/** DB-IP's code for an address it cannot place; kept as no country (and the rollups' name for one: UNKNOWN_COUNTRY). */
const UNKNOWN_CODE = 'ZZ';
/** How long a load works before the event loop gets a turn: requests wait at most about this long. */
const SLICE_MS = 5;
const TWO_32 = 4_294_967_296;
/**
 * How much of a file is read at a time, into one buffer per pass used again and again: reading each file whole
 * left 37 MB of buffers behind, and growing the ranges by doubling some 40 MB more, all garbage that an idle process
 * (a cluster's primary above all, which allocates next to nothing) kept for minutes (decision 029). Four passes
 * (two files, each counted then read) leave 1 MB.
 */
const READ_CHUNK_BYTES = 262_144;

export function countryDataFiles(): { ipv4: string; ipv6: string } {
  const require = createRequire(import.meta.url);
  return {
    ipv4: require.resolve(`${PACKAGE}/dbip-country-ipv4-num.csv`),
    ipv6: require.resolve(`${PACKAGE}/dbip-country-ipv6-num.csv`),
  };
}

/** Country codes by index; index 0 is no country. Two capital letters make at most 676 (the data has 250). */
class CodeList {
  readonly codes: (string | null)[] = [null];
  private readonly index = new Map<number, number>();

  /** The index of the code in bytes `at` to `end`: 0 when it is not two capital letters, or is ZZ. */
  indexOf(bytes: Buffer, at: number, end: number): number {
    const first = bytes[at]!;
    const second = bytes[at + 1]!;
    if (end - at !== 2 || first < 65 || first > 90 || second < 65 || second > 90) return 0;
    const key = (first << 8) | second;
    let index = this.index.get(key);
    if (index === undefined) {
      const code = String.fromCharCode(first, second);
      index = code === UNKNOWN_CODE ? 0 : this.codes.push(code) - 1;
      this.index.set(key, index);
    }
    return index;
  }
}

/** Ranges by their first address, ascending: `width` 32-bit words each (most significant first), and a country. */
interface Ranges {
  starts: Uint32Array;
  countries: Uint16Array;
  length: number;
}

/**
 * Ranges being read, made room for once: one per line of the file, plus one gap in 64 (DB-IP's files have 17 gaps in
 * 700,000 lines). Data with more gaps than that grows it by doubling.
 */
class RangeBuilder implements Ranges {
  starts: Uint32Array;
  countries: Uint16Array;
  length = 0;

  constructor(
    private readonly width: 1 | 4,
    lines: number,
  ) {
    const capacity = lines + Math.ceil(lines / 64) + 1;
    this.starts = new Uint32Array(capacity * width);
    this.countries = new Uint16Array(capacity);
  }

  /** A range from `words[offset…]` (`width` words). */
  push(words: Uint32Array, offset: number, country: number): void {
    if (this.length === this.countries.length) {
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      const countries = new Uint16Array(this.countries.length * 2);
      countries.set(this.countries);
      this.starts = starts;
      this.countries = countries;
    }
    for (let word = 0; word < this.width; word += 1)
      this.starts[this.length * this.width + word] = words[offset + word]!;
    this.countries[this.length] = country;
    this.length += 1;
  }

  /** The ranges read: views of the arrays, not copies, which would leave the arrays behind as garbage. */
  done(): Ranges {
    return {
      starts: this.starts.subarray(0, this.length * this.width),
      countries: this.countries.subarray(0, this.length),
      length: this.length,
    };
  }
}

/**
 * Hands the file's whole lines to `take`, a chunk at a time (READ_CHUNK_BYTES), in one buffer: the chunk given is a
 * view of it, valid until `take` returns. A line cut by the chunk's end moves to the front for the next read.
 */
async function readLines(file: string, take: (lines: Buffer) => Promise<void> | void): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file);
    const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let kept = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, kept, buffer.length - kept, null);
      const filled = kept + bytesRead;
      const end = bytesRead === 0 ? filled : buffer.lastIndexOf(10, filled - 1) + 1;
      if (end === 0 && filled === buffer.length) throw new Error(`a line longer than ${READ_CHUNK_BYTES} bytes`);
      await take(buffer.subarray(0, end));
      if (bytesRead === 0) return;
      buffer.copy(buffer, 0, end, filled);
      kept = filled - end;
    }
  } finally {
    await handle?.close();
  }
}

/** How many lines the file has (its newlines, and one for a last line without one): the ranges to make room for. */
async function countLines(file: string): Promise<number> {
  let lines = 1;
  await readLines(file, (chunk) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  });
  return lines;
}

/**
 * Gives the event loop a turn when the current slice of work has run SLICE_MS: asked every few hundred lines,
 * so a load never holds a request for long.
 */
function slicer(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  };
}

/** The end of the line that `at` is on (its newline, or the end of the file). */
function lineEnd(bytes: Buffer, at: number): number {
  const newline = bytes.indexOf(10, at);
  return newline === -1 ? bytes.length : newline;
}

/** The end of the line's text, before a carriage return. */
function textEnd(bytes: Buffer, end: number): number {
  return end > 0 && bytes[end - 1] === 13 ? end - 1 : end;
}

/** Compares two 128-bit numbers held as four 32-bit words, most significant first. */
function compare128(a: Uint32Array, aAt: number, b: Uint32Array, bAt: number): number {
  for (let word = 0; word < 4; word += 1) {
    const difference = a[aAt + word]! - b[bAt + word]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Adds one to the four words at `at`, in place; false when that overflowed 128 bits (all words are 0 again). */
function increment128(words: Uint32Array, at: number): boolean {
  for (let word = 3; word >= 0; word -= 1) {
    words[at + word] = (words[at + word]! + 1) >>> 0;
    if (words[at + word] !== 0) return true;
  }
  return false;
}

function badLine(line: number, what: string): Error {
  return new Error(`line ${line}: ${what}`);
}

/**
 * Reads the decimal number at `at` (up to the next comma) into four 32-bit words at `out[outAt…]`, most
 * significant first, four digits at a time: a word times 10,000 plus a carry stays below 2^46, exact in a
 * double. Answers where the comma is.
 */
function readDecimal128(bytes: Buffer, at: number, out: Uint32Array, outAt: number, line: number): number {
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  let w3 = 0;
  let digits = 0;
  let position = at;
  for (;;) {
    let chunk = 0;
    let scale = 1;
    let taken = 0;
    for (; taken < 4; taken += 1) {
      const digit = (bytes[position] ?? 44) - 48;
      if (digit < 0 || digit > 9) break;
      chunk = chunk * 10 + digit;
      scale *= 10;
      position += 1;
    }
    if (taken === 0) break;
    digits += taken;
    let sum = w3 * scale + chunk;
    w3 = sum % TWO_32;
    sum = w2 * scale + Math.floor(sum / TWO_32);
    w2 = sum % TWO_32;
    sum = w1 * scale + Math.floor(sum / TWO_32);
    w1 = sum % TWO_32;
    sum = w0 * scale + Math.floor(sum / TWO_32);
    w0 = sum % TWO_32;
    if (sum >= TWO_32) throw badLine(line, 'a number above 128 bits');
  }
  if (digits === 0 || bytes[position] !== 44) throw badLine(line, 'not start,end,CC');
  out[outAt] = w0;
  out[outAt + 1] = w1;
  out[outAt + 2] = w2;
  out[outAt + 3] = w3;
  return position;
}

/** The 32-bit decimal number at `at`, up to the next comma, into `out[outAt]`; answers where the comma is. */
function readDecimal32(bytes: Buffer, at: number, out: Uint32Array, outAt: number, line: number): number {
  let value = 0;
  let position = at;
  for (;;) {
    const digit = (bytes[position] ?? 44) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
    position += 1;
  }
  if (position === at || value >= TWO_32 || bytes[position] !== 44) throw badLine(line, 'not start,end,CC');
  out[outAt] = value;
  return position;
}

/**
 * Reads one `-num.csv` file (`width` 1: IPv4, 4: IPv6) into the starts of its ranges, with a range of no country
 * for each gap (before, between and after them). A slice of lines at a time (SLICE_MS), so the event loop keeps
 * turning. Throws on a line that is not `start,end,CC`, and on ranges out of order or overlapping.
 */
async function readRanges(file: string, width: 1 | 4, codes: CodeList): Promise<Ranges> {
  const read = width === 1 ? readDecimal32 : readDecimal128;
  const ranges = new RangeBuilder(width, await countLines(file));
  /** The range's start, its end, and the first address after the ranges so far (all zero at first). */
  const words = new Uint32Array(3 * width);
  const [START, END, NEXT] = [0, width, 2 * width];
  const compare = (a: number, b: number) => (width === 1 ? words[a]! - words[b]! : compare128(words, a, words, b));
  const pause = slicer();
  let spaceEnded = false;
  let line = 0;
  await readLines(file, async (bytes) => {
    for (let at = 0; at < bytes.length;) {
      const end = lineEnd(bytes, at);
      line += 1;
      if (textEnd(bytes, end) > at) {
        const firstComma = read(bytes, at, words, START, line);
        const secondComma = read(bytes, firstComma + 1, words, END, line);
        const country = codes.indexOf(bytes, secondComma + 1, textEnd(bytes, end));
        if (spaceEnded || compare(START, NEXT) < 0 || compare(END, START) < 0) {
          throw badLine(line, 'ranges out of order or overlapping');
        }
        if (compare(START, NEXT) > 0) ranges.push(words, NEXT, 0);
        ranges.push(words, START, country);
        words.copyWithin(NEXT, END, END + width);
        if (width === 4) spaceEnded = !increment128(words, NEXT);
        else {
          spaceEnded = words[NEXT] === TWO_32 - 1;
          words[NEXT] = (words[NEXT]! + 1) >>> 0;
        }
      }
      at = end + 1;
      if ((line & 255) === 0) await pause();
    }
  });
  if (!spaceEnded) ranges.push(words, NEXT, 0);
  return ranges.done();
}

/** The dotted IPv4 address in `text` from `from` to `to`, as a number; -1 when it is not one. */
function ipv4Number(text: string, from: number, to: number): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let at = from; at < to; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57 && digits < 3) {
      octet = octet * 10 + code - 48;
      digits += 1;
    } else return -1;
    if (octet > 255) return -1;
  }
  return dots === 3 && digits > 0 ? value * 256 + octet : -1;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/**
 * The IPv6 address in `text` (a zone, `%eth0`, left out; `::` and a dotted IPv4 tail understood) as four 32-bit
 * words, most significant first, into `out`; false when it is not one.
 */
function readIpv6(text: string, out: Uint32Array): boolean {
  const percent = text.indexOf('%');
  const end = percent === -1 ? text.length : percent;
  const groups: number[] = [];
  let gapAt = -1;
  let at = 0;
  if (text.startsWith('::')) {
    gapAt = 0;
    at = 2;
  }
  while (at < end) {
    const groupStart = at;
    let value = 0;
    for (let digit = hexValue(text.charCodeAt(at)); digit >= 0 && at < end; digit = hexValue(text.charCodeAt(at))) {
      value = value * 16 + digit;
      at += 1;
    }
    if (at < end && text.charCodeAt(at) === 46) {
      // The last 32 bits as a dotted IPv4 address.
      const ipv4 = ipv4Number(text, groupStart, end);
      if (ipv4 < 0 || groups.length > 6) return false;
      groups.push(Math.floor(ipv4 / 0x10000), ipv4 % 0x10000);
      at = end;
      break;
    }
    if (at === groupStart || at - groupStart > 4 || groups.length === 8) return false;
    groups.push(value);
    if (at === end) break;
    if (text.charCodeAt(at) !== 58) return false;
    at += 1;
    if (text.charCodeAt(at) === 58) {
      if (gapAt !== -1) return false;
      gapAt = groups.length;
      at += 1;
    } else if (at === end) return false;
  }
  if (gapAt === -1 ? groups.length !== 8 : groups.length > 7) return false;
  const all =
    gapAt === -1
      ? groups
      : [...groups.slice(0, gapAt), ...Array<number>(8 - groups.length).fill(0), ...groups.slice(gapAt)];
  for (let word = 0; word < 4; word += 1) out[word] = all[word * 2]! * 0x10000 + all[word * 2 + 1]!;
  return true;
}

/**
 * IPv4 addresses no country is given for, whatever the data says: "this network" (0/8), private networks (10/8,
 * 172.16/12, 192.168/16), shared address space for carrier-grade NAT (100.64/10), loopback (127/8), link-local
 * (169.254/16), multicast and reserved (224/3). DB-IP's data has no range for these either.
 */
function localIpv4(value: number): boolean {
  const first = value >>> 24;
  return (
    first === 0 ||
    first === 10 ||
    first === 127 ||
    first >= 224 ||
    value >>> 22 === 0x64400000 >>> 22 ||
    value >>> 20 === 0xac100000 >>> 20 ||
    value >>> 16 === 0xa9fe ||
    value >>> 16 === 0xc0a8
  );
}

/** IPv6 likewise: unspecified, loopback, unique local (fc00::/7), link-local (fe80::/10), multicast (ff00::/8). */
function localIpv6(words: Uint32Array): boolean {
  const top = words[0]! >>> 16;
  if (words[0] === 0 && words[1] === 0 && words[2] === 0 && words[3]! <= 1) return true;
  return (top & 0xfe00) === 0xfc00 || (top & 0xffc0) === 0xfe80 || top >>> 8 === 0xff;
}

/** Reads DB-IP's two files (the package's, unless told) and builds the table. Rejects on a missing or bad file. */
export async function loadCountryTable(files = countryDataFiles()): Promise<CountryTable> {
  const codes = new CodeList();
  const ipv4 = await readRanges(files.ipv4, 1, codes);
  const ipv6 = await readRanges(files.ipv6, 4, codes);
  const words = new Uint32Array(4);

  /** The country of the last range starting at or below the address (binary search). */
  function ipv4Country(value: number): string | null {
    if (localIpv4(value)) return null;
    let low = 0;
    let high = ipv4.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ipv4.starts[middle]! > value) high = middle;
      else low = middle + 1;
    }
    return low === 0 ? null : codes.codes[ipv4.countries[low - 1]!]!;
  }

  function ipv6Country(): string | null {
    if (localIpv6(words)) return null;
    let low = 0;
    let high = ipv6.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare128(ipv6.starts, middle * 4, words, 0) > 0) high = middle;
      else low = middle + 1;
    }
    return low === 0 ? null : codes.codes[ipv6.countries[low - 1]!]!;
  }

  return {
    size: { ipv4: ipv4.length, ipv6: ipv6.length },
    countryOf(address) {
      const ipv4Address = ipv4Number(address, 0, address.length);
      if (ipv4Address >= 0) return ipv4Country(ipv4Address);
      if (!readIpv6(address, words)) return null;
      // ::ffff:a.b.c.d, how a dual-stack socket reports an IPv4 client.
      if (words[0] === 0 && words[1] === 0 && words[2] === 0xffff) return ipv4Country(words[3]!);
      return ipv6Country();
    },
  };
}

let shared: Promise<CountryTable | null> | undefined;

/**
 * This process's table, loaded once, in the background, from the first call (the visit recorder's start): the
 * files are read asynchronously and parsed a slice at a time, so the server listens and answers meanwhile. It
 * settles either way: with null, and a warning, when the data cannot be read (views then have no country).
 */
export function visitCountryTable(): Promise<CountryTable | null> {
  shared ??= (async () => {
    const started = performance.now();
    try {
      const table = await loadCountryTable();
      logEvent('info', 'country data loaded', {
        ms: Math.round(performance.now() - started),
        ipv4Ranges: table.size.ipv4,
        ipv6Ranges: table.size.ipv6,
      });
      return table;
    } catch (error) {
      logEvent('warn', 'country data not loaded: visits are counted without their country', {
        error: errorText(error),
      });
      return null;
    }
  })();
  return shared;
}
