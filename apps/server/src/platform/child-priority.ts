import type { ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';

/**
 * How much lower than the server's own CPU priority (niceness, as `nice -n`) every program the server starts for a file (the untrusted-file readers of `platform/untrusted`:
 * document text and OCR, thumbnails, markup, PNGs; ffmpeg and the speech recogniser of the embedded transcription).
 * Why: on a small machine that work competes with the requests for the same cores. In the 30-minute soak on two
 * cores (bench/README.md, 2026-12-06) the lists' p99 went from ~0.2 s to over 1 s once the documents' and calls'
 * queues grew, with the server's own CPU flat. 10 lower, the kernel gives such a child about a tenth of a contended
 * core against the server and PostgreSQL, and all of an idle one: the files wait a little longer, the people do not.
 */
export const CHILD_NICENESS = 10;

/** The niceness a child of a process at `own` niceness runs at: CHILD_NICENESS more, at most 19 (the lowest). */
export function childNiceness(own: number): number {
  return Math.min(19, own + CHILD_NICENESS);
}

/**
 * Lowers a just-started child's CPU priority CHILD_NICENESS below the server's (a process may always lower its own
 * children's; relative, so a server started under `nice` keeps its children below it). A child that has already
 * ended, or a platform without priorities, keeps what it had: the work still runs.
 */
export function lowerChildPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    setPriority(child.pid, childNiceness(getPriority()));
  } catch {
    // ESRCH (it ended already) or no permission: nothing to lower.
  }
}
