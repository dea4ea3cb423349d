// Node's flags for the built server, one home for every launcher that starts it (the browser tests' server, the shell
// tests, the soak, the benchmarks, the cold-start measure). package.json's start, backup and restore scripts write
// them out (npm scripts cannot import); keep the two in step.
//
// --max-semi-space-size=16: the young generation Node 20 had. Node 24 sizes it from the heap limit, and an idle server
// kept ~190 MB of heap for 70–90 MB of objects (bench/README.md, issue 37: the embedded default under 400 MB idle).
//
// --heap-growing-percent=100: after each full collection V8 lets the old generation grow to twice what survived, not
// the 4× it picks when collecting is cheap. The server's live objects are ~64 MB, and under the soak's mixed load the
// old generation grew to ~250 MB of mostly dead objects before each full collection (every ~74 s), so RSS climbed
// from ~340 to ~415 MB over the first minutes and stayed there; with this flag it is flat at ~280 MB from the second
// minute, one full collection every ~25 s instead (bench/README.md, 2026-12-06 evening, issue 37).
//
// --liftoff-only: WebAssembly (in this process: PGlite, the embedded database) runs on V8's baseline compiler alone.
// Its optimising tier compiled one of PostgreSQL's large functions a few seconds after start with a 600 MB zone
// (VmRSS 820–870 MB for a second) and kept ~70 MB more code; the embedded default stays under design.md §11's 400 MB
// with it (docs/decisions/0013-embedded-database-baseline-wasm.md: the cost, ~10% on PGlite's median request). No
// other WebAssembly runs in the server's process (untrusted files are decoded in children with their own flags), so
// a server on PostgreSQL is not affected.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=100', '--liftoff-only'];
