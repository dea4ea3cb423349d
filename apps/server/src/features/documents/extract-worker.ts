/**
 * The processing child (started by extract-in-child.ts, one per file): reads the file from stdin, its text and fields
 * within the limits it was given, answers once over IPC and exits. Everything heavy — PDF.js, the canvas, the OCR
 * engine, the Word readers — lives and dies here, never in the server.
 */
import { extractFields } from './extract-fields';
import type { ExtractReply, ExtractRequest } from './extract-in-child';
import { extractText } from './extract-text';
import { ProcessingStopped } from './processing-limits';

const startedAt = Date.now();

async function read(): Promise<ExtractReply> {
  const request = JSON.parse(process.argv[2] ?? '') as ExtractRequest;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const { limits } = request;
  const result = await extractText(request.kind, Buffer.concat(chunks), { ...limits, readUntil: startedAt + limits.timeoutMs * limits.readTimeShare });
  return { ok: true, result, fields: result.text ? extractFields(result.text) : {} };
}

// The server went away (or killed us): nobody is waiting for the answer.
process.on('disconnect', () => process.exit(0));

read()
  .catch((err: unknown): ExtractReply => ({ ok: false, stopped: err instanceof ProcessingStopped, message: err instanceof Error ? err.message : String(err) }))
  .then((reply) => {
    // The OCR engine's worker thread would keep the process alive: exit once the answer is sent.
    if (process.send) process.send(reply, () => process.exit(0));
    else process.exit(1);
  });
