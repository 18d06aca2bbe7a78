import { SESSION_VERDICTS } from '../../core/constants';

interface Verdict {
  live: boolean;
  at: number;
}

/**
 * Whether a session cookie's token is a live session, each answer remembered for `rememberMs` and bounded to
 * `maxTokens` tokens (the oldest go first); requests that ask about one token together share one lookup.
 * A remembered "live" only sends the request past the page cache to Express, whose loadSession checks the session
 * again, so a session that ended meanwhile keeps no privilege; a remembered "not live" cannot turn live, since a
 * sign-in makes a new random token, and is asked again after `rememberMs` all the same (a restored backup).
 */
export function createSessionVerdicts(
  isLive: (token: string) => Promise<boolean>,
  now: () => number,
  limits: { rememberMs: number; maxTokens: number } = SESSION_VERDICTS,
): (token: string) => boolean | Promise<boolean> {
  const verdicts = new Map<string, Verdict>();
  const asking = new Map<string, Promise<boolean>>();

  const remember = (token: string, verdict: Verdict) => {
    // Map keeps insertion order: deleting first makes this token the newest.
    verdicts.delete(token);
    verdicts.set(token, verdict);
    if (verdicts.size > limits.maxTokens) verdicts.delete(verdicts.keys().next().value!);
  };

  return (token) => {
    const known = verdicts.get(token);
    if (known && now() - known.at < limits.rememberMs) return known.live;
    const pending = asking.get(token);
    if (pending) return pending;
    const at = now();
    const lookup = isLive(token).then((live) => {
      remember(token, { live, at });
      return live;
    });
    asking.set(token, lookup);
    const done = () => asking.delete(token);
    lookup.then(done, done);
    return lookup;
  };
}
