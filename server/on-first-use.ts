import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded when first used rather than at start-up (decision 029): sharp, the PostgreSQL driver, nodemailer,
 * zxcvbn's word lists, tar and the QR code maker cost every worker some 18 MiB of code, heap and native memory
 * (sharp's libvips most of it), yet an idle or visitor-only worker never needs them. Loaded through the package's
 * CommonJS build, synchronously, so its callers stay as they were; only a type is imported from the package itself.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
