import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '../../../core/messages';
import { createConcurrencyLimit } from '../limits/concurrency-limit';
import { RateLimitError } from '../limits/rate-limit';

/**
 * scrypt with r=8, p=1 and the cost N the caller passes (`config.passwordHashCost`: PASSWORD_HASH_COST in config.ts);
 * hashes made with other parameters still verify, and `needsRehash` tells sign-in to store a new one.
 */
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes (128 MiB here); Node refuses anything above maxmem. */
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * Whose password a hash checks: the owner's (a signed-in session, or a sign-in from a browser the account has
 * signed in on: known-devices.ts) or anyone's. Each has its own queue, so strangers' guesses never hold up
 * the owner.
 */
export type HashLane = 'owner' | 'stranger';

/**
 * scrypt runs on libuv's thread pool (4 threads), which also reads static files and compresses answers:
 * 24 guesses at once held all four threads and a static file waited 2 s for one. Strangers get one thread
 * and the owner one, leaving two free, and on two cores the owner's hash then shares a core with no more than
 * one stranger's (two strangers' took the owner's sign-in during a burst from 0.6 s to 2 s). A burst beyond
 * what waits is refused at once (its guesses are not checked).
 */
const refusal = () => new RateLimitError(MESSAGES.tooManySignInsAtOnce, 1);
const hashing: Record<HashLane, ReturnType<typeof createConcurrencyLimit>> = {
  stranger: createConcurrencyLimit({ running: 1, waiting: 32, refusal }),
  owner: createConcurrencyLimit({ running: 1, waiting: 8, refusal }),
};

function derive(
  password: string,
  salt: Buffer,
  parameters: { cost: number; blockSize: number; parallelism: number },
  lane: HashLane,
): Promise<Buffer> {
  const { cost, blockSize, parallelism } = parameters;
  return hashing[lane].run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password,
          salt,
          KEY_LENGTH,
          { N: cost, r: blockSize, p: parallelism, maxmem: MAX_MEMORY },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

export async function hashPassword(password: string, cost: number, lane: HashLane): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { cost, blockSize: BLOCK_SIZE, parallelism: PARALLELISM }, lane);
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string, lane: HashLane): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    { cost: Number(cost), blockSize: Number(blockSize), parallelism: Number(parallelism) },
    lane,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A stored hash made with weaker (or just other) parameters than today's: sign-in replaces it. */
export function needsRehash(stored: string, currentCost: number): boolean {
  const [scheme, cost, blockSize, parallelism] = stored.split('$');
  return (
    scheme !== 'scrypt' ||
    Number(cost) !== currentCost ||
    Number(blockSize) !== BLOCK_SIZE ||
    Number(parallelism) !== PARALLELISM
  );
}

export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
