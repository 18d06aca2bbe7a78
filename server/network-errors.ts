/**
 * The codes Node gives a connection that was refused, broken off, timed out or never found its host: the other
 * side (the database, the bucket) is out of reach, whatever was asked of it.
 */
export const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
