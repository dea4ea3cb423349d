import { setFlagsFromString } from 'node:v8';

/**
 * On PostgreSQL, V8 lets the old generation grow after a full collection to twice what survived it, not the 4× it
 * picks when collecting is cheap. The server's live objects are ~64 MB; under the soak's mixed load the old generation
 * grew to ~250 MB of mostly dead objects before each full collection (one every ~74 s), so RSS climbed from ~340 to a
 * ~415 MB ceiling in the first minutes. At twice, RSS stays at ~280 MB from the second minute with one full
 * collection every ~25 s and the same CPU (bench/README.md, 2026-12-06 evening, issue 37).
 *
 * Not with the embedded database: the same setting there cost 25–30 MB more (start peak 376–382 MB against 354, under
 * load 364–371 against 336), because a fixed factor also overrides the smaller ones V8 picks itself — while the
 * server starts, and when its memory reducer shrinks an idle heap. Set at start rather than as a command-line flag
 * (scripts/lib/server-flags.mjs) because which database the server opens is known only from its configuration; V8
 * reads the value at each full collection, and Node leaves flags writable after start.
 */
export const POSTGRES_HEAP_GROWING_PERCENT = 100;

export function tuneHeapGrowth(database: 'postgres' | 'pglite'): void {
  if (database === 'postgres') setFlagsFromString(`--heap-growing-percent=${POSTGRES_HEAP_GROWING_PERCENT}`);
}
