// The benchmarks start the server with the Node that runs them (process.execPath): a run under the machine's older
// Node would measure another runtime than production's (design.md §3: Node 24). Exits 2 with how to get it.
export function requireProjectNode() {
  if (Number(process.versions.node.split('.')[0]) >= 24) return;
  console.error(`Node ${process.version}: the project's Node 24 is needed (export PATH=$PWD/node_modules/.bin:$PATH)`);
  process.exit(2);
}
