import { z } from 'zod';
import { IdParamsSchema, OkSchema, pageQueryShape } from './common';
import { defineEndpoint } from './endpoint';
import { OptionalFilterTextSchema } from './work-enums';

/** Spec 001 §5 upload types (recognised by content on the server; the names are the picker's accept list). */
export const DOCUMENT_UPLOAD_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'txt'] as const;
/** The default upload size limit (the server's DOCUMENT_MAX_BYTES may set another; GET /api/client-config tells). */
export const DEFAULT_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * A document's state: processing (stored, text extraction waiting or running), processed, created (generated, or
 * recorded from a drive), failed (processing gave up; processing_error says why, a retry puts it back).
 * Spec 001 §3 also names needed: the placeholders of a job's document types, which are not rows.
 */
export const StoredDocumentStatusSchema = z.enum(['processing', 'processed', 'created', 'failed']);
export type StoredDocumentStatus = z.infer<typeof StoredDocumentStatusSchema>;

export const DocumentJobSummarySchema = z.object({ id: z.uuid(), client_name: z.string().nullable(), property_address: z.string().nullable(), title: z.string().nullable() });

/** A document (GET /api/documents, GET /api/documents/:id, the upload's answer). Timestamps ISO. */
export const DocumentSchema = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  job_id: z.uuid().nullable(),
  task_id: z.uuid().nullable(),
  name: z.string(),
  document_type: z.string(),
  /** pdf, doc, docx, jpg, png or txt — what the bytes are; null for a drive record. */
  file_type: z.string().nullable(),
  mime_type: z.string().nullable(),
  file_size: z.number().int().nullable(),
  status: StoredDocumentStatusSchema,
  storage_type: z.enum(['server', 'google_drive']),
  storage_id: z.string().nullable(),
  /** extracted_data (the fields found), mime_type, size, …; spec 001 §3. */
  metadata: z.record(z.string(), z.unknown()),
  processing_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  processed_at: z.string().nullable(),
  job: DocumentJobSummarySchema.nullable(),
});
export type Document = z.infer<typeof DocumentSchema>;

export const DocumentListSchema = z.object({ documents: z.array(DocumentSchema), total: z.number().int() });
export type DocumentList = z.infer<typeof DocumentListSchema>;

export const DOCUMENTS_PAGE_SIZE = 50;

/** GET /api/documents: newest first; q matches the name and the extracted text (every word). */
export const ListDocumentsQuerySchema = z.object({
  ...pageQueryShape({ defaultLimit: DOCUMENTS_PAGE_SIZE, maxLimit: 200 }),
  job_id: z.uuid().optional(),
  document_type: z.string().trim().min(1).max(60).optional(),
  status: StoredDocumentStatusSchema.optional(),
  q: OptionalFilterTextSchema,
});
export type ListDocumentsQuery = z.infer<typeof ListDocumentsQuerySchema>;

/** GET /api/documents/:id/content: inline for preview, or ?download=true as an attachment named after the document. */
export const DocumentContentQuerySchema = z.object({ download: z.enum(['true', 'false']).optional() });

/** POST /api/process-documents (multipart): the file, and optionally the job it belongs to. */
export const ProcessDocumentFieldsSchema = z.object({ job_id: z.uuid({ error: 'job_id must be a job id' }).optional() });

export const DOCUMENT_NOT_FOUND = 'Document not found';

const tags = ['documents'];

/** The documents endpoints (spec 001 §7). */
export const documentEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/documents', access: 'workspace', summary: "A page of the workspace's documents, newest first", tags, query: ListDocumentsQuerySchema, response: DocumentListSchema }),
  get: defineEndpoint({ method: 'GET', path: '/api/documents/:id', access: 'workspace', summary: 'One document', tags, params: IdParamsSchema, response: DocumentSchema }),
  content: defineEndpoint({
    method: 'GET',
    path: '/api/documents/:id/content',
    access: 'workspace',
    summary: "The document's bytes with its content type (HTTP ranges); ?download=true as an attachment",
    tags,
    params: IdParamsSchema,
    query: DocumentContentQuerySchema,
    response: z.unknown(),
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/process-documents',
    access: 'user',
    summary: 'Upload a document (multipart: file, optional job_id); stored, then processed in the background',
    tags,
    status: 201,
    response: DocumentSchema,
  }),
  retry: defineEndpoint({ method: 'POST', path: '/api/documents/:id/retry', access: 'workspace', summary: 'Process a failed document again', tags, params: IdParamsSchema, response: DocumentSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/documents/:id', access: 'workspace', summary: 'Delete a document and its stored file', tags, params: IdParamsSchema, response: OkSchema }),
};
