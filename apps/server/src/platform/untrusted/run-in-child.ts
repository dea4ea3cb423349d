import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lowerChildPriority } from '../child-priority';
import { AppError } from '../errors';
import { CHILD_STOPPED, ChildFailed, ProcessingStopped, type ChildLimits } from './limits';

/**
 * A child's program: `built`, the bundle's file next to dist/main.js in a build (apps/server/build.mjs names it), else
 * `source`, the TypeScript entry run through tsx (tests, `npm run dev`). The entry calls serveInChild().
 */
export type ChildEntry = { built: string; source: URL };

/** The child's one IPC message (serve-in-child.ts). `stopped`: a limit of the file's kind was reached (ProcessingStopped). */
export type ChildReply<Reply> = { ok: true; reply: Reply } | { ok: false; stopped: boolean; message: string };

/** How often the child's resident memory is read (Linux /proc). */
const MEMORY_CHECK_MS = 100;

function childProgram(entry: ChildEntry): { file: string; execArgv: string[] } {
  const built = new URL(`./${entry.built}`, import.meta.url);
  if (existsSync(built)) return { file: fileURLToPath(built), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { file: fileURLToPath(entry.source), execArgv: ['--import', tsx] };
}

/**
 * Reads one untrusted file in a child process, so that no file — however it was made — can block the server's event
 * loop, grow its memory or take it down: the child has a heap limit, is killed when its resident memory passes
 * `limits.memoryMb` or when `limits.timeoutMs` passes, and a crash of it is only this file's failure. It gets none of
 * the server's environment. `input` is streamed to the child's stdin (a stream is never held whole here); `request`
 * is its one argument (JSON). Answers the child's reply; rejects with ProcessingStopped when a limit was reached (the
 * same file would stop the same way again), with ChildFailed when the child answered a failure or died without an
 * answer, and with the spawn's own error when no child could be started.
 */
export function runInChild<Reply>(opts: { entry: ChildEntry; request: unknown; input: Readable | Buffer; limits: ChildLimits }): Promise<{ reply: Reply; peakMemoryMb: number | null }> {
  const { limits } = opts;
  const program = childProgram(opts.entry);
  const child = fork(program.file, [JSON.stringify(opts.request)], {
    execArgv: [...program.execArgv, `--max-old-space-size=${limits.heapMb}`],
    stdio: ['pipe', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
    // The child parses files anyone may send: it gets none of the server's environment (secrets, database URL).
    env: {},
  });
  // Below the server's priority: a file's work takes the cores only when the requests leave them (child-priority.ts).
  lowerChildPriority(child);
  const input = Buffer.isBuffer(opts.input) ? Readable.from([opts.input]) : opts.input;

  return new Promise((resolve, reject) => {
    let reply: ChildReply<Reply> | null = null;
    let stoppedBy: string | null = null;
    let readError: unknown = null;
    let peakMemoryMb: number | null = null;
    let stderr = '';

    const stop = (reason: string) => {
      stoppedBy ??= reason;
      child.kill('SIGKILL');
    };
    const deadline = setTimeout(() => stop(CHILD_STOPPED.time(limits)), limits.timeoutMs);
    const watch = setInterval(() => {
      void residentMemoryMb(child.pid).then((mb) => {
        if (mb === null) return;
        peakMemoryMb = Math.max(peakMemoryMb ?? 0, mb);
        if (mb > limits.memoryMb) stop(CHILD_STOPPED.memory(limits));
      });
    }, MEMORY_CHECK_MS);
    deadline.unref();
    watch.unref();

    child.on('message', (message: ChildReply<Reply>) => {
      reply = message;
    });
    // The last few kilobytes, for the log: V8 prints why it aborted there.
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    // A child that dies early (or is stopped) closes its stdin: the write's error (EPIPE) is expected then, and the
    // exit below says why. pipe(), not pipeline(): pipeline would destroy the input with that error, which would then
    // read as the input's own failure instead of the limit that stopped the child.
    child.stdin?.on('error', () => undefined);
    input.on('error', (err) => {
      readError = err;
      child.kill('SIGKILL');
    });
    if (child.stdin) input.pipe(child.stdin);

    child.on('error', (err) => {
      clearTimeout(deadline);
      clearInterval(watch);
      input.destroy();
      reject(err);
    });
    // 'close', not 'exit': it comes after the IPC channel and stderr are drained, so the answer is never missed.
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      clearInterval(watch);
      // A child stopped before it read the whole input leaves a blob's stream open: release it.
      input.destroy();
      const answer = reply as ChildReply<Reply> | null;
      if (stoppedBy) reject(new ProcessingStopped(stoppedBy));
      else if (readError) reject(readError);
      else if (answer?.ok) resolve({ reply: answer.reply, peakMemoryMb });
      else if (answer) reject(answer.stopped ? new ProcessingStopped(answer.message) : new ChildFailed(answer.message));
      // V8 aborts the process when the heap limit is reached.
      else if (/heap out of memory|Allocation failed/i.test(stderr)) reject(new ProcessingStopped(CHILD_STOPPED.memory(limits)));
      else reject(new ChildFailed(`${CHILD_STOPPED.crashed} (${signal ?? `exit code ${code}`})${stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`));
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

/**
 * At most `running` children of one kind at once in this process, `waiting` more in line; past that, refused with
 * 503 (each child costs tens of MB: requests anyone can send must not fork without bound).
 */
export function childGate(opts: { running: number; waiting: number; busyMessage: string }) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= opts.running) {
      if (queue.length >= opts.waiting) throw new AppError('UNAVAILABLE', opts.busyMessage);
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes to the next in line (the count stays), or is freed.
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
