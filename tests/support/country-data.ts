import fs from 'node:fs';
import { countryDataFiles } from '../../server/services/visits/visit-country';

/**
 * DB-IP's country data as the tests read it themselves, with BigInt and no cleverness, to check the server's
 * lookup (server/services/visits/visit-country.ts) against: the ranges of the package's two `-num.csv` files.
 */
export interface DataRange {
  start: bigint;
  end: bigint;
  code: string;
}

export function readDataRanges(family: 'ipv4' | 'ipv6'): DataRange[] {
  return fs
    .readFileSync(countryDataFiles()[family], 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [start, end, code] = line.trim().split(',');
      return { start: BigInt(start!), end: BigInt(end!), code: code! };
    });
}

export const ipv4Text = (value: bigint): string =>
  [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 255n)).join('.');

/** All eight groups, no `::`. */
export const ipv6Text = (value: bigint): string =>
  [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => ((value >> shift) & 0xffffn).toString(16)).join(':');

/** An address in the middle of the first range the data gives `code` in that family. */
export function addressIn(code: string, family: 'ipv4' | 'ipv6'): string {
  const range = readDataRanges(family).find((candidate) => candidate.code === code);
  if (!range) throw new Error(`no ${family} range of ${code} in the data`);
  const middle = (range.start + range.end) / 2n;
  return family === 'ipv4' ? ipv4Text(middle) : ipv6Text(middle);
}
