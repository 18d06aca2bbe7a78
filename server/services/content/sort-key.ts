/**
 * Fractional sort keys (decision 041): a key is a base-62 fraction written without its "0.", so that keys compare
 * as plain strings (byte order: SQLite's BINARY, PostgreSQL's "C" collation) in the order of the fractions they
 * stand for. A key never ends in the zero digit, so there is always room below it; between any two keys there
 * is always another, and a move writes one row's key only.
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;

function digitAt(key: string, index: number): number {
  const digit = DIGITS.indexOf(key[index] ?? '0');
  if (digit < 0) throw new Error(`Not a sort key: ${key}`);
  return digit;
}

/** The fraction strictly between `low` ('' is 0) and `high` (null is 1), with as few digits as it takes. */
function midpoint(low: string, high: string | null): string {
  if (high !== null) {
    let shared = 0;
    while (shared < high.length && (low[shared] ?? '0') === high[shared]) shared++;
    if (shared > 0) return high.slice(0, shared) + midpoint(low.slice(shared), high.slice(shared));
  }
  const lowDigit = low ? digitAt(low, 0) : 0;
  const highDigit = high === null ? BASE : digitAt(high, 0);
  if (highDigit - lowDigit > 1) return DIGITS[Math.round((lowDigit + highDigit) / 2)]!;
  // Adjacent first digits: a longer `high` has room right under its first digit; else go one digit deeper.
  if (high !== null && high.length > 1) return high.slice(0, 1);
  return DIGITS[lowDigit]! + midpoint(low.slice(1), null);
}

function checkKey(key: string): void {
  if (key === '' || key.endsWith('0') || [...key].some((char) => !DIGITS.includes(char))) {
    throw new Error(`Not a sort key: ${JSON.stringify(key)}`);
  }
}

/** A key just after `low`: its first digit raised, or, after a run of "z", a digit more (61 appends a digit). */
function keyAfter(low: string): string {
  const first = digitAt(low, 0);
  if (first < BASE - 1) return DIGITS[first + 1]!;
  return DIGITS[first]! + (low.length > 1 ? keyAfter(low.slice(1)) : DIGITS[1]!);
}

/** A key just before `high`, the same way down: its first digit lowered, or a digit more. */
function keyBefore(high: string): string {
  const first = digitAt(high, 0);
  if (first > 1) return DIGITS[first - 1]!;
  if (first === 1) return high.length > 1 ? DIGITS[1]! : DIGITS[0]! + DIGITS[BASE - 1]!;
  return DIGITS[0]! + keyBefore(high.slice(1));
}

/** A key that sorts after `before` (null: the start) and before `after` (null: the end). */
export function keyBetween(before: string | null, after: string | null): string {
  if (before !== null) checkKey(before);
  if (after !== null) checkKey(after);
  if (before !== null && after !== null && before >= after) {
    throw new Error(`Sort keys out of order: ${before} is not before ${after}`);
  }
  if (before === null) return after === null ? DIGITS[BASE / 2]! : keyBefore(after);
  return after === null ? keyAfter(before) : midpoint(before, after);
}

/** `count` keys in order, spread evenly, all of the same short length: a whole list's keys at once. */
export function spreadKeys(count: number): string[] {
  let width = 1;
  while (BASE ** width <= count) width++;
  const step = BASE ** width / (count + 1);
  return Array.from({ length: count }, (_, index) => {
    let value = Math.floor(step * (index + 1));
    let key = '';
    for (let place = 0; place < width; place++) {
      key = DIGITS[value % BASE]! + key;
      value = Math.floor(value / BASE);
    }
    return key.replace(/0+$/, '');
  });
}
