import { setFlagsFromString } from 'node:v8';

/**
 * On PostgreSQL, V8 lets the old generation grow after a full collection to twice what survived it, not the 4× it
 * picks when collecting is cheap. The server's live objects are ~64 MB; under the soak's mixed load the old generation
 * grew to ~250 MB of mostly dead objects before each full collection (one every ~74 s), so RSS climbed from ~340 to a
 * ~415 MB ceiling in the first minutes. At twice, RSS stays at ~280 MB from the second minute with one full
 * collection every ~25 s, no CPU difference the benchmarks could measure and no latency difference beyond one soak's
 * noise (soaks at V8's factor, 2.5 and 2 side by side: bench/README.md, 2026-12-06 evening and afternoon, issue 37).
 *
 * Not with the embedded database: the same setting there cost 25–30 MB more (start peak 376–382 MB against 354, under
 * load 364–371 against 336); a fixed factor replaces every factor V8 picks, also the smaller ones it uses while the
 * server starts and when its memory reducer shrinks an idle heap. Set at start rather than as a command-line flag
 * (scripts/lib/server-flags.mjs) because which database the server opens is known only from its configuration; V8
 * reads the value at each full collection, and Node leaves flags writable after start.
 */
export const POSTGRES_HEAP_GROWING_PERCENT = 100;

/** The growing percent to set, or null: V8's own choice (the embedded database), or the one given on the command line. */
export function heapGrowingPercentFor(database: 'postgres' | 'pglite', execArgv: readonly string[]): number | null {
  if (database !== 'postgres') return null;
  // An operator's (or a measurement's) own --heap-growing-percent wins: setting ours would silently replace it.
  if (execArgv.some((a) => /^--heap[-_]growing[-_]percent(=|$)/.test(a))) return null;
  return POSTGRES_HEAP_GROWING_PERCENT;
}

export function tuneHeapGrowth(database: 'postgres' | 'pglite'): void {
  const percent = heapGrowingPercentFor(database, process.execArgv);
  if (percent !== null) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
