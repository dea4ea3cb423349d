/** A child for run-in-child.test.ts: what it does is its request. */
import { serveInChild } from './serve-in-child';

type Request = { act: 'count' | 'hang' | 'exit' };

if ((JSON.parse(process.argv[2] ?? '{}') as Request).act === 'hang') {
  // Reads nothing and never answers: the parent's writes fill the pipe and wait.
  setInterval(() => {}, 1000);
} else {
  serveInChild<Request, { bytes: number }>(async ({ act }, input) => {
    if (act === 'exit') process.exit(3);
    return { bytes: input.length };
  });
}
