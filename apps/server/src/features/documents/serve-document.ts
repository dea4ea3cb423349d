import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore } from '../../platform/blob-store';
import { AppError } from '../../platform/errors';
import { serveBlob } from '../../platform/serve-blob';
import type { DocumentRow } from './documents.repository';

/** A document's bytes (HTTP ranges), as the content route and a shared link answer them. */
export async function serveDocument(opts: { blobs: BlobStore; req: FastifyRequest; reply: FastifyReply; row: DocumentRow; download: boolean }) {
  const { row } = opts;
  if (row.storageType !== 'server' || !row.storageKey) throw new AppError('NOT_FOUND', 'This document is stored in Google Drive, not on this server');
  return serveBlob({ ...opts, key: row.storageKey, contentType: row.mimeType ?? 'application/octet-stream', fileName: row.name, missing: 'Document not found on the server' });
}
