// Node's flags for the built server, one home for every launcher that starts it (the browser tests' server, the shell
// tests, the soak, the benchmarks, the cold-start measure). package.json's start, backup and restore scripts write
// them out (npm scripts cannot import); keep the two in step.
//
// --max-semi-space-size=16: the young generation Node 20 had. Node 24 sizes it from the heap limit, and an idle server
// kept ~190 MB of heap for 70–90 MB of objects (bench/README.md, issue 37: the embedded default under 400 MB idle).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];
