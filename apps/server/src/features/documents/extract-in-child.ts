import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ExtractedData } from './extract-fields';
import type { TextResult } from './extract-text';
import type { DocumentKind } from './file-kind';
import { ProcessingStopped, STOPPED, type ProcessingLimits } from './processing-limits';

/** What the parent hands the child (as its one argument; the file's bytes come on stdin). */
export type ExtractRequest = { kind: DocumentKind; limits: ProcessingLimits };
/** The child's one IPC message. `stopped`: a limit was reached (ProcessingStopped), the file fails without retries. */
export type ExtractReply = { ok: true; result: TextResult; fields: ExtractedData } | { ok: false; stopped: boolean; message: string };

export type Extracted = { result: TextResult; fields: ExtractedData; peakMemoryMb: number | null };

/** How often the child's resident memory is read (Linux /proc). */
const MEMORY_CHECK_MS = 100;

/**
 * The child's entry: the bundle's dist/document-extract.js next to dist/main.js in a build (apps/server/build.mjs),
 * else the TypeScript source run through tsx (tests, `npm run dev`).
 */
function childEntry(): { file: string; execArgv: string[] } {
  const built = new URL('./document-extract.js', import.meta.url);
  if (existsSync(built)) return { file: fileURLToPath(built), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: fileURLToPath(new URL('./extract-worker.ts', import.meta.url)), execArgv: ['--import', tsx] };
}

/**
 * Reads one file's text and fields in a child process (extract-worker.ts), so that no file — however it was made —
 * can block the server's event loop, grow its memory or take it down: the child has a heap limit, is killed when its
 * resident memory passes `limits.memoryMb` or when `limits.timeoutMs` passes, and a crash of it is only this file's
 * failure. The file is streamed to the child's stdin (the server never holds it whole). Rejects with ProcessingStopped
 * when a limit was reached (the same file would stop the same way again), with an Error otherwise.
 */
export function extractInChild(opts: { kind: DocumentKind; body: Readable; limits: ProcessingLimits }): Promise<Extracted> {
  const { limits } = opts;
  const entry = childEntry();
  const request: ExtractRequest = { kind: opts.kind, limits };
  const child = fork(entry.file, [JSON.stringify(request)], {
    execArgv: [...entry.execArgv, `--max-old-space-size=${limits.heapMb}`],
    stdio: ['pipe', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
    // The child parses files anyone may upload: it gets none of the server's environment (secrets, database URL).
    env: {},
  });

  return new Promise<Extracted>((resolve, reject) => {
    let reply: ExtractReply | null = null;
    let stoppedBy: string | null = null;
    let readError: unknown = null;
    let peakMemoryMb: number | null = null;
    let stderr = '';

    const stop = (reason: string) => {
      stoppedBy ??= reason;
      child.kill('SIGKILL');
    };
    const deadline = setTimeout(() => stop(STOPPED.time(limits)), limits.timeoutMs);
    const watch = setInterval(() => {
      void residentMemoryMb(child.pid).then((mb) => {
        if (mb === null) return;
        peakMemoryMb = Math.max(peakMemoryMb ?? 0, mb);
        if (mb > limits.memoryMb) stop(STOPPED.memory(limits));
      });
    }, MEMORY_CHECK_MS);
    deadline.unref();
    watch.unref();

    child.on('message', (message: ExtractReply) => {
      reply = message;
    });
    // The last few kilobytes, for the log: V8 prints why it aborted there.
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    // A child that dies early closes its stdin: the pipe's error is expected then, the exit below says why.
    child.stdin?.on('error', () => undefined);
    opts.body.on('error', (err) => {
      readError = err;
      child.kill('SIGKILL');
    });
    if (child.stdin) pipeline(opts.body, child.stdin).catch(() => undefined);

    child.on('error', (err) => {
      clearTimeout(deadline);
      clearInterval(watch);
      reject(err);
    });
    // 'close', not 'exit': it comes after the IPC channel and stderr are drained, so the answer is never missed.
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      clearInterval(watch);
      // A child stopped before it read the whole file leaves the blob's stream open: release it.
      opts.body.destroy();
      const answer = reply as ExtractReply | null;
      if (readError) reject(readError);
      else if (stoppedBy) reject(new ProcessingStopped(stoppedBy));
      else if (answer?.ok) resolve({ result: answer.result, fields: answer.fields, peakMemoryMb });
      else if (answer) reject(answer.stopped ? new ProcessingStopped(answer.message) : new Error(answer.message));
      // V8 aborts the process when the heap limit is reached.
      else if (/heap out of memory|Allocation failed/i.test(stderr)) reject(new ProcessingStopped(STOPPED.memory(limits)));
      else reject(new Error(`${STOPPED.crashed} (${signal ?? `exit code ${code}`})${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`));
    });
  });
}

/** A process's resident memory in MB from /proc (Linux); null elsewhere or once it has exited. */
async function residentMemoryMb(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
