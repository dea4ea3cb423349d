import type { Readable } from 'node:stream';
import { runInChild, type ChildEntry } from '../../platform/untrusted';
import type { ExtractedData } from './extract-fields';
import type { TextResult } from './extract-text';
import type { DocumentKind } from './file-kind';
import type { ProcessingLimits } from './processing-limits';

/** What the parent hands the child (as its one argument; the file's bytes come on stdin). */
export type ExtractRequest = { kind: DocumentKind; limits: ProcessingLimits };
/** The child's answer. */
export type ExtractReply = { result: TextResult; fields: ExtractedData };

export type Extracted = ExtractReply & { peakMemoryMb: number | null };

/** The child: dist/document-extract.js in a build (apps/server/build.mjs), else extract-worker.ts through tsx. */
const EXTRACT_CHILD: ChildEntry = { built: 'document-extract.js', source: new URL('./extract-worker.ts', import.meta.url) };

/**
 * Reads one file's text and fields in a child process (extract-worker.ts) through the one runner of untrusted files
 * (platform/untrusted runInChild): no file can block the server's event loop, grow its memory or take it down. The
 * file is streamed to the child (the server never holds it whole). Rejects with ProcessingStopped when a limit was
 * reached (the same file would stop the same way again), with another Error otherwise.
 */
export async function extractInChild(opts: { kind: DocumentKind; body: Readable; limits: ProcessingLimits }): Promise<Extracted> {
  const request: ExtractRequest = { kind: opts.kind, limits: opts.limits };
  const { reply, peakMemoryMb } = await runInChild<ExtractReply>({ entry: EXTRACT_CHILD, request, input: opts.body, limits: opts.limits });
  return { ...reply, peakMemoryMb };
}
