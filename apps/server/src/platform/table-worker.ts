/**
 * The loop of a table-backed background worker (the outbox, document processing, transcription, fine-tuning; ADR
 * 0006): claim a due row — the caller's short transaction with FOR UPDATE SKIP LOCKED and a lease — work on it outside
 * any transaction, repeat until nothing is due; every `intervalMs` when given. One drain runs at a time per worker.
 * `work` may answer false to end the drain (the outbox stops at a provider's failure and tries again next tick);
 * the drain answers how many rows were handled.
 *
 * Every claim follows one rule (design.md §7): the attempt is counted in the claim's transaction, not when the work
 * fails, and a due row whose attempts are already used up is failed there with the reason and not returned — its
 * every attempt was claimed and none wrote an outcome, so the work took its process down each time. Without it a row
 * that kills the process (a PDF that exhausts the heap) is claimed again after every restart, forever.
 */
export type TableWorker = {
  drain: () => Promise<number>;
  stop: () => void;
  /**
   * For a graceful shutdown: stops the timer and claims nothing more, and resolves once the row in hand (if any) is
   * done — so the database can be closed under no work. What is still due stays for another process or a restart.
   */
  close: () => Promise<void>;
};

export function startTableWorker<T>(opts: {
  claim: () => Promise<T | null>;
  work: (row: T) => Promise<void | boolean>;
  intervalMs?: number | undefined;
  onError?: ((err: unknown) => void) | undefined;
}): TableWorker {
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let isClosing = false;

  async function drainOnce(): Promise<number> {
    let handled = 0;
    for (let row = isClosing ? null : await opts.claim(); row; row = isClosing ? null : await opts.claim()) {
      if ((await opts.work(row)) === false) return handled;
      handled++;
    }
    return handled;
  }

  const drain = () => {
    running ??= drainOnce().finally(() => {
      running = null;
    });
    return running;
  };
  if (opts.intervalMs) {
    timer = setInterval(() => {
      drain().catch((err) => opts.onError?.(err));
    }, opts.intervalMs);
    timer.unref();
  }
  return {
    drain,
    stop: () => timer && clearInterval(timer),
    close: async () => {
      isClosing = true;
      clearInterval(timer);
      // A failed drain was already reported through onError (or to drain's caller); closing only waits for it.
      await running?.catch(() => {});
    },
  };
}
