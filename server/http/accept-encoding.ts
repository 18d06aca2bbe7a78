/** The encodings a kept answer is stored in, in the order preferred when a client rates them equally. */
export const STORED_ENCODINGS = ['br', 'gzip', 'identity'] as const;

export type StoredEncoding = (typeof STORED_ENCODINGS)[number];

const UNNAMED_IDENTITY_RATING = 0.0001;

/**
 * The encoding to answer in (RFC 9110 section 12.5.3): the stored one the client rates highest by q-value,
 * `*` standing for those it does not name; identity when it names none of them, or refuses every one
 * (what a server without compression would send anyway).
 */
export function chooseEncoding(acceptEncoding: string | undefined): StoredEncoding {
  if (!acceptEncoding) return 'identity';
  const ratings = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.split(';');
    const coding = name!.trim().toLowerCase();
    if (!coding) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter)).find(Boolean);
    ratings.set(coding, q ? Number(q[1]) : 1);
  }
  const wildcard = ratings.get('*');
  // Unnamed, identity stays acceptable, below every coding the client names (as the compression middleware's
  // negotiator has it).
  const rating = (coding: StoredEncoding) =>
    ratings.get(coding) ?? wildcard ?? (coding === 'identity' ? UNNAMED_IDENTITY_RATING : 0);
  let best: StoredEncoding = 'identity';
  let bestRating = 0;
  for (const coding of STORED_ENCODINGS) {
    const q = rating(coding);
    if (q > bestRating) {
      best = coding;
      bestRating = q;
    }
  }
  return best;
}
