import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CountryTable, loadCountryTable } from '../../server/services/visits/visit-country';
import { type DataRange, ipv4Text, ipv6Text, readDataRanges } from '../support/country-data';

/**
 * The visits' country lookup (issue 23) against DB-IP's data itself: ranges read from the package's CSV files
 * here, with BigInt, and the lookup asked for each one's first address, last address, one in the middle and the
 * one just below it (the line before's country, or none across a gap).
 */

/** Lines to test: the first, the last, some between, the first after each of a few gaps, and any `picked`. */
function chosen(ranges: DataRange[], picked: (range: DataRange) => boolean = () => false): number[] {
  const lines = new Set<number>([0, ranges.length - 1]);
  for (let index = 1; index < ranges.length; index += Math.floor(ranges.length / 7)) lines.add(index);
  let gaps = 0;
  for (let index = 1; index < ranges.length && gaps < 4; index += 1) {
    if (ranges[index]!.start !== ranges[index - 1]!.end + 1n) {
      lines.add(index);
      gaps += 1;
    }
  }
  const extra = ranges.findIndex(picked);
  if (extra !== -1) lines.add(extra);
  return [...lines].sort((a, b) => a - b);
}

/** [address, expected country] for a line: its start, end, middle, and one below its start. */
function cases(ranges: DataRange[], index: number, text: (value: bigint) => string): [string, string | null][] {
  const range = ranges[index]!;
  const before = ranges[index - 1];
  const below =
    range.start === 0n
      ? []
      : [[text(range.start - 1n), before?.end === range.start - 1n ? before.code : null] as [string, string | null]];
  return [
    [text(range.start), range.code],
    [text(range.end), range.code],
    [text((range.start + range.end) / 2n), range.code],
    ...below,
  ];
}

let table: CountryTable;
let ipv4: DataRange[];
let ipv6: DataRange[];
let timerTurns = 0;

beforeAll(async () => {
  ipv4 = readDataRanges('ipv4');
  ipv6 = readDataRanges('ipv6');
  const timer = setInterval(() => (timerTurns += 1), 10);
  try {
    table = await loadCountryTable();
  } finally {
    clearInterval(timer);
  }
}, 60_000);

describe('the country of an address, from DB-IP data', () => {
  it('reads every line of both files, and lets the event loop turn while it does', () => {
    expect(ipv4.length).toBeGreaterThan(300_000);
    expect(ipv6.length).toBeGreaterThan(300_000);
    // Starts of ranges plus one for each gap (before, between, after).
    expect(table.size.ipv4).toBeGreaterThanOrEqual(ipv4.length);
    expect(table.size.ipv4).toBeLessThan(ipv4.length + 50);
    expect(table.size.ipv6).toBeGreaterThanOrEqual(ipv6.length);
    expect(table.size.ipv6).toBeLessThan(ipv6.length + 50);
    // Parsed a slice at a time: a 10 ms timer kept firing.
    expect(timerTurns).toBeGreaterThanOrEqual(3);
  });

  it('places IPv4 addresses at the start, end and middle of ranges, and just below them', () => {
    const lines = chosen(ipv4);
    expect(lines.length).toBeGreaterThan(8);
    for (const index of lines) {
      for (const [address, code] of cases(ipv4, index, ipv4Text)) {
        expect({ address, country: table.countryOf(address) }).toEqual({ address, country: code });
      }
    }
  });

  it('places IPv4-mapped IPv6 addresses as their IPv4 address', () => {
    for (const index of chosen(ipv4)) {
      for (const [address, code] of cases(ipv4, index, ipv4Text)) {
        const mapped = `::ffff:${address}`;
        expect({ mapped, country: table.countryOf(mapped) }).toEqual({ mapped, country: code });
      }
    }
    const { start, code } = ipv4[1000]!;
    expect(table.countryOf(`::FFFF:${ipv4Text(start)}`)).toBe(code);
    // The same address written in hexadecimal.
    const hex = `::ffff:${(start >> 16n).toString(16)}:${(start & 0xffffn).toString(16)}`;
    expect(table.countryOf(hex)).toBe(code);
  });

  it('places IPv6 addresses on all 128 bits, ranges that split a /64 among them', () => {
    const splitsA64 = (range: DataRange) => (range.start & 0xffff_ffff_ffff_ffffn) !== 0n;
    expect(ipv6.some(splitsA64)).toBe(true);
    const lines = chosen(ipv6, splitsA64);
    for (const index of lines) {
      for (const [address, code] of cases(ipv6, index, ipv6Text)) {
        expect({ address, country: table.countryOf(address) }).toEqual({ address, country: code });
      }
    }
    // The other spellings of one address: `::`, capitals, leading zeros, a zone.
    const range = ipv6.find((candidate) => ipv6Text(candidate.start).endsWith(':0:0:0:0:0'))!;
    const groups = ipv6Text(range.start).split(':');
    const short = `${groups.slice(0, 3).join(':')}::`;
    expect(table.countryOf(short)).toBe(range.code);
    expect(table.countryOf(`${short}1`.toUpperCase())).toBe(range.code);
    expect(table.countryOf(groups.map((group) => group.padStart(4, '0')).join(':'))).toBe(range.code);
    expect(table.countryOf(`${short}1%eth0`)).toBe(range.code);
  });

  it('gives no country to loopback, private, link-local and documentation addresses, nor to what is no address', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '0.0.0.0',
      '255.255.255.255',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '::ffff:127.0.0.1',
      '::ffff:192.168.0.1',
      '::1',
      '::',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      '',
      'unknown',
      '1.2.3',
      '1.2.3.4.5',
      '1.2.3.256',
      '::ffff:1.2.3.999',
      '1::2::3',
      ':1::2',
      '1:2:3:4:5:6:7:8:9',
      '12345::1',
      'g::1',
    ]) {
      expect({ address, country: table.countryOf(address) }).toEqual({ address, country: null });
    }
  });
});

describe('a data file', () => {
  function files(ipv4Lines: string[], ipv6Lines: string[] = ['0,0,US']) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-country-'));
    fs.writeFileSync(path.join(folder, 'v4.csv'), `${ipv4Lines.join('\n')}\n`);
    fs.writeFileSync(path.join(folder, 'v6.csv'), `${ipv6Lines.join('\r\n')}\r\n`);
    return { ipv4: path.join(folder, 'v4.csv'), ipv6: path.join(folder, 'v6.csv') };
  }

  it("takes ZZ, and anything that is not two capital letters, as no country; gaps and the space's ends as none", async () => {
    const table = await loadCountryTable(
      files(
        [
          '16777216,16777471,AU',
          '16777472,16777727,ZZ',
          '16777728,16777983,??',
          '16777984,16778239,',
          '16778496,16778751,bt',
          '16778752,4294967295,BT',
        ],
        ['42540528726795050063891204319802818560,42540528806023212578155541913346768895,JP'],
      ),
    );
    expect(table.countryOf('1.0.0.0')).toBe('AU');
    expect(table.countryOf('0.255.255.255')).toBeNull();
    expect(table.countryOf('1.0.1.0')).toBeNull();
    expect(table.countryOf('1.0.2.0')).toBeNull();
    expect(table.countryOf('1.0.3.0')).toBeNull();
    // A gap between two ranges.
    expect(table.countryOf('1.0.4.0')).toBeNull();
    expect(table.countryOf('1.0.5.0')).toBeNull();
    expect(table.countryOf('1.0.6.0')).toBe('BT');
    expect(table.countryOf('223.255.255.255')).toBe('BT');
    expect(table.countryOf('2001:200::')).toBe('JP');
    expect(table.countryOf('2001:200:ffff:ffff:ffff:ffff:ffff:ffff')).toBe('JP');
    expect(table.countryOf('2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff')).toBeNull();
    expect(table.countryOf('2001:201::')).toBeNull();
  });

  it('holds a gap after every range: more ranges than it first makes room for', async () => {
    // 1.0.0.0, 1.0.0.2, … 1.0.1.142: 200 ranges of one address, each followed by a gap; one gap before them.
    const lines = Array.from({ length: 200 }, (_, index) => {
      const start = 16_777_216 + index * 2;
      return `${start},${start},${index % 2 === 0 ? 'JP' : 'BT'}`;
    });
    const table = await loadCountryTable(files(lines));
    expect(table.size.ipv4).toBe(401);
    expect(table.countryOf('0.255.255.255')).toBeNull();
    expect(table.countryOf('1.0.0.0')).toBe('JP');
    expect(table.countryOf('1.0.0.1')).toBeNull();
    expect(table.countryOf('1.0.0.2')).toBe('BT');
    expect(table.countryOf('1.0.1.140')).toBe('JP');
    expect(table.countryOf('1.0.1.142')).toBe('BT');
    expect(table.countryOf('1.0.1.143')).toBeNull();
    expect(table.countryOf('8.8.8.8')).toBeNull();
  });

  it('is refused when its ranges are out of order or overlap, or a line is not start,end,CC', async () => {
    await expect(loadCountryTable(files(['20,30,AU', '10,15,BT']))).rejects.toThrow(/line 2: ranges out of order/);
    await expect(loadCountryTable(files(['20,30,AU', '30,40,BT']))).rejects.toThrow(/line 2: ranges out of order/);
    await expect(loadCountryTable(files(['20,10,AU']))).rejects.toThrow(/line 1: ranges out of order/);
    await expect(loadCountryTable(files(['20;30;AU']))).rejects.toThrow(/line 1: not start,end,CC/);
    await expect(loadCountryTable(files(['4294967296,4294967297,AU']))).rejects.toThrow(/line 1/);
    await expect(loadCountryTable(files(['0,1,AU'], [`${2n ** 128n},${2n ** 128n},US`]))).rejects.toThrow(
      /line 1: a number above 128 bits/,
    );
    await expect(loadCountryTable({ ipv4: '/nonexistent.csv', ipv6: '/nonexistent.csv' })).rejects.toThrow();
  });
});
