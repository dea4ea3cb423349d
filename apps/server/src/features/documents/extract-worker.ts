/**
 * The processing child (started by extract-in-child.ts, one per file): reads the file's text and fields within the
 * limits it was given and answers once (serveInChild, platform/untrusted). Everything heavy — PDF.js, the canvas, the
 * OCR engine, the Word readers — lives and dies here, never in the server.
 */
import { serveInChild } from '../../platform/untrusted/child';
import { extractFields } from './extract-fields';
import type { ExtractReply, ExtractRequest } from './extract-in-child';
import { extractText } from './extract-text';

const startedAt = Date.now();

serveInChild<ExtractRequest, ExtractReply>(async ({ kind, limits }, bytes) => {
  const result = await extractText(kind, bytes, { ...limits, readUntil: startedAt + limits.timeoutMs * limits.readTimeShare });
  return { result, fields: result.text ? extractFields(result.text) : {} };
});
