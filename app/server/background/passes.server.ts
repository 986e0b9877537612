import type { Logger } from "pino";

/**
 * A worker's passes over its queue: on a timer and whenever something was queued (`pass`), one at a
 * time. A pass asked for while one runs follows it, so nothing queued meanwhile waits for the next
 * tick; a failed pass is logged and the next one tries again; none starts once stopping.
 */
export function createPassRunner(options: {
  runOnce: () => Promise<number>;
  pollMs: number;
  logger: Logger;
  /** Names the worker in the log line of a failed pass. */
  label: string;
}) {
  const { runOnce, pollMs, logger, label } = options;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopping = false;

  function pass(): Promise<number> {
    if (stopping) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((error) => {
        logger.error({ err: error }, `${label} pass failed`);
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopping) {
          again = false;
          void pass();
        }
      });
    return running;
  }

  return {
    pass,
    /** True from `stop` on: a pass under way ends early and hands back what it has not done. */
    isStopping: () => stopping,
    start() {
      timer ??= setInterval(() => void pass(), pollMs);
      timer.unref?.();
      void pass();
    },
    /** Ends the timer and waits for the pass under way, if any. */
    async stop() {
      stopping = true;
      clearInterval(timer);
      timer = undefined;
      again = false;
      await running;
    },
  };
}
