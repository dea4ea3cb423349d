/**
 * The loop of a table-backed background worker (the outbox, document processing, transcription; ADR 0006): claim a
 * due row — the caller's short transaction with FOR UPDATE SKIP LOCKED and a lease — work on it outside any
 * transaction, repeat until nothing is due; every `intervalMs` when given. One drain runs at a time per worker.
 * `work` may answer false to end the drain (the outbox stops at a provider's failure and tries again next tick);
 * the drain answers how many rows were handled.
 */
export type TableWorker = { drain: () => Promise<number>; stop: () => void };

export function startTableWorker<T>(opts: {
  claim: () => Promise<T | null>;
  work: (row: T) => Promise<void | boolean>;
  intervalMs?: number | undefined;
  onError?: ((err: unknown) => void) | undefined;
}): TableWorker {
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function drainOnce(): Promise<number> {
    let handled = 0;
    for (let row = await opts.claim(); row; row = await opts.claim()) {
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
  return { drain, stop: () => timer && clearInterval(timer) };
}
