/** A task run now and then until stopped: `stop` waits for a run under way. */
export interface Periodic {
  stop: () => Promise<void>;
}

/**
 * Runs `task` at once and every `everyMs` until stopped (the first worker of each instance runs the upkeeps); a
 * failure is logged after `failure` and the task tried again at its next turn.
 */
export function runPeriodically(task: () => Promise<unknown>, everyMs: number, failure: string): Periodic {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = task().catch((error: unknown) => {
      console.error(failure, error instanceof Error ? error.message : error);
    });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
