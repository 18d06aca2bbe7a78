import { errorText, logEvent } from '../log';

/** Work the server does again and again beside the requests: the e-mail sender, the visit batches, the backups. */
export interface Repeating {
  /** Runs the work now, or right after the run under way; resolves when that run has ended. */
  run: () => Promise<void>;
  /** No more runs; resolves once the one under way has ended. */
  stop: () => Promise<void>;
}

/**
 * Runs `work` now (or, with `startNow: false`, `everyMs` from now), then again `everyMs` after each run ends, or after
 * as many ms as the run answers when it answers a number; at once when asked (`run`). Never two runs at a time: runs
 * asked for while one is under way make one more, right after it. The timer does not keep the process alive. A run
 * that fails is logged as `failure` says, and the next comes as usual.
 */
export function repeating(
  work: () => Promise<unknown>,
  {
    everyMs,
    startNow = true,
    failure = 'background work failed',
  }: { everyMs: number; startNow?: boolean; failure?: string },
): Repeating {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  let stopped = false;

  const schedule = (waitMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => void run(), waitMs);
    timer.unref();
  };
  const start = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    clearTimeout(timer);
    current = work()
      .then(
        (answer) => (typeof answer === 'number' ? answer : everyMs),
        (error: unknown) => {
          logEvent('error', failure, { error: errorText(error) });
          return everyMs;
        },
      )
      .then((waitMs) => {
        current = undefined;
        if (!next) schedule(waitMs);
      });
    return current;
  };
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (!current) return start();
    next ??= current.then(() => {
      next = undefined;
      return start();
    });
    return next;
  };

  if (startNow) void start();
  else schedule(everyMs);
  return {
    run,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await (next ?? current);
    },
  };
}
