import type { ChildReply } from './run-in-child';
import { ProcessingStopped } from './limits';

/**
 * The child's side of runInChild (run-in-child.ts), called once by a child's entry file: reads its request (the one
 * argument, JSON) and the file (stdin), answers `handle`'s result — or its failure, `stopped` when it threw
 * ProcessingStopped — once over IPC, and exits. Whatever the reading needs (decoders, their threads) lives and dies
 * with this process, never in the server.
 */
export function serveInChild<Request, Reply>(handle: (request: Request, input: Buffer) => Promise<Reply>): void {
  // The server went away (or killed us): nobody is waiting for the answer.
  process.on('disconnect', () => process.exit(0));

  const read = async (): Promise<ChildReply<Reply>> => {
    const request = JSON.parse(process.argv[2] ?? '') as Request;
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return { ok: true, reply: await handle(request, Buffer.concat(chunks)) };
  };

  read()
    .catch((err: unknown): ChildReply<Reply> => ({ ok: false, stopped: err instanceof ProcessingStopped, message: err instanceof Error ? err.message : String(err) }))
    .then((reply) => {
      // A decoder's worker thread (the OCR engine's) would keep the process alive: exit once the answer is sent.
      if (process.send) process.send(reply, () => process.exit(0));
      else process.exit(1);
    });
}
