// The OpenAI-compatible stub the server tests and e2e use (apps/server/src/test/openai-stub.ts: the third party
// stubbed, reached over HTTP by the product's real SDK) as a process of its own, for the benchmarks that start the
// BUILT server (bench/soak.mjs):
//   node --import tsx bench/llm-stub.ts
// Prints {"url": "http://127.0.0.1:<port>/v1"} once listening, then every 2 s a line of running totals
// {"chat": n, "transcriptions": n, "other": n}. The stub keeps every request it was sent; they are counted and
// dropped every 2 s so that a long run does not grow this process. Ends on SIGTERM/SIGINT.
import { startOpenAiStub } from '../apps/server/src/test/openai-stub';

const stub = await startOpenAiStub();
const totals = { chat: 0, transcriptions: 0, other: 0 };
const count = () => {
  for (const r of stub.requests.splice(0)) {
    if (r.path === '/chat/completions') totals.chat++;
    else if (r.path === '/audio/transcriptions') totals.transcriptions++;
    else totals.other++;
  }
  console.log(JSON.stringify(totals));
};
console.log(JSON.stringify({ url: stub.url }));
const timer = setInterval(count, 2000);

const stop = async () => {
  clearInterval(timer);
  count();
  await stub.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
