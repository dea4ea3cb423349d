// Node's flags for the built server, one home for every launcher that starts it (the browser tests' server, the shell
// tests, the soak, the benchmarks, the cold-start measure). package.json's start, backup and restore scripts write
// them out (npm scripts cannot import); keep the two in step.
//
// --max-semi-space-size=16: the young generation Node 20 had. Node 24 sizes it from the heap limit, and an idle server
// kept ~190 MB of heap for 70–90 MB of objects (bench/README.md, issue 37: the embedded default under 400 MB idle).
//
// (How far the old generation grows after a full collection is set by the server itself, on PostgreSQL only:
// apps/server/src/platform/heap-growth.ts.)
//
// --liftoff-only: WebAssembly (in this process: PGlite, the embedded database) runs on V8's baseline compiler alone.
// Its optimising tier compiled one of PostgreSQL's large functions a few seconds after start with a 600 MB zone
// (VmRSS 820–870 MB for a second) and kept ~70 MB more code; the embedded default stays under design.md §11's 400 MB
// with it (docs/decisions/0013-embedded-database-baseline-wasm.md: the cost, ~10% on PGlite's median request). No
// other WebAssembly runs in the server's process (untrusted files are decoded in children with their own flags), so
// a server on PostgreSQL is not affected.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--liftoff-only'];
