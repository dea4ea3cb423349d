/** A child for run-in-child.test.ts: what it does is its request. */
import { getPriority } from 'node:os';
import { serveInChild } from './serve-in-child';

type Request = { act: 'count' | 'hang' | 'exit' | 'priority' };

if ((JSON.parse(process.argv[2] ?? '{}') as Request).act === 'hang') {
  // Reads nothing and never answers: the parent's writes fill the pipe and wait.
  setInterval(() => {}, 1000);
} else {
  serveInChild<Request, { bytes: number; niceness: number }>(async ({ act }, input) => {
    if (act === 'exit') process.exit(3);
    return { bytes: input.length, niceness: getPriority() };
  });
}
