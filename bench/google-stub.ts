// The stub of Google's OAuth and Drive v3 APIs the server tests and e2e use (apps/server/src/test/google-stub.ts) as a
// process of its own, for benchmarks (bench/drive-copy.ts), keeping no file contents (only size and SHA-256), so a
// 200 MB upload does not grow the stub:
//   node --import tsx bench/google-stub.ts
// Prints {"env": {GOOGLE_…}} once listening. Ends on SIGTERM/SIGINT.
import { startGoogleStub } from '../apps/server/src/test/google-stub';

const stub = await startGoogleStub({ keepContent: false });
console.log(JSON.stringify({ env: stub.env }));
// Requests are kept by the stub for tests; drop them so a long run stays small.
const timer = setInterval(() => stub.requests.splice(0), 2000);
const stop = async () => {
  clearInterval(timer);
  await stub.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
