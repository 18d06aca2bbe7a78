/** Junk spellings of real pages' addresses (issue 22): tests/api/page-cache-junk.test.ts and its bench. */

const zeros = (count: number) => '0'.repeat(count);

/**
 * The n-th junk spelling of a real page's address: each names project 1, post 1 or a listing page (in the way
 * `Number` and the filters read them before), and no two are the same.
 */
const JUNK: ((a: number, b: number) => string)[] = [
  (a, b) => `/project/${zeros(a)}1.${zeros(b)}`,
  (a, b) => `/project/0x${zeros(a + 50 * b)}1`,
  (a, b) => `/project/${zeros(a)}1e${zeros(b)}0`,
  (a, b) => `/blog/${zeros(a)}1.${zeros(b)}`,
  (a, b) => `/project/${zeros(a)}1.${zeros(b)}.data`,
  (a, b) => `/design?year=${a}x${b}`,
  (a, b) => `/design?location=Nowhere-${a}-${b}`,
  (a, b) => `/architecture?category=Nothing-${a}-${b}&status=${b}`,
];
export function junk(index: number): string {
  const n = Math.floor(index / JUNK.length);
  return JUNK[index % JUNK.length]!(1 + (n % 50), Math.floor(n / 50));
}
