import { AppError } from '../errors';

/**
 * Runs at most `running` tasks at once and lets at most `waiting` more wait their turn, in order; past
 * that, `run` refuses at once with `refusal` rather than queueing without bound.
 */
export function createConcurrencyLimit(options: { running: number; waiting: number; refusal: () => AppError }) {
  let active = 0;
  const queue: (() => void)[] = [];

  function release(): void {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= options.running) {
        if (queue.length >= options.waiting) throw options.refusal();
        // The slot passes straight from the finishing task to this one: `active` stays as it is.
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        active += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Tasks running and waiting now. */
    get load() {
      return { running: active, waiting: queue.length };
    },
  };
}
