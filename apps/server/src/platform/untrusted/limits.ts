/**
 * What reading one untrusted file in a child process may cost (design.md §7: heavy work runs with bounded pixels,
 * duration and memory, in a child process with limits). Each kind of file adds its own bounds (pages, pixels…).
 */
export type ChildLimits = {
  /** Wall-clock time for one file; the child process is killed after it. */
  timeoutMs: number;
  /** The child's JavaScript heap (--max-old-space-size), in MB. */
  heapMb: number;
  /** The child's whole resident memory (heap, buffers, native libraries, WebAssembly), in MB; killed above. */
  memoryMb: number;
};

/**
 * Reading stopped at a limit: the same file would stop the same way again, so the caller gives up on it at once
 * (no retries), and the message says why.
 */
export class ProcessingStopped extends Error {}

/** The child ended without an answer of its own (a signal, a crash in native code), or answered that it failed. */
export class ChildFailed extends Error {}

const n = (value: number) => value.toLocaleString('en-US');

export const CHILD_STOPPED = {
  memory: (limits: Pick<ChildLimits, 'memoryMb'>) => `Processing stopped: this file needs more memory than processing allows (${n(limits.memoryMb)} MB)`,
  time: (limits: Pick<ChildLimits, 'timeoutMs'>) => `Processing stopped: this file takes longer to read than processing allows (${Math.round(limits.timeoutMs / 1000)} seconds)`,
  /** The child died without a reason of its own (a signal, a crash in native code). */
  crashed: 'Reading this file ended without a result',
};
