import { z } from 'zod';
import { IdParamsSchema } from './common';
import { DocumentSchema } from './documents';
import { defineEndpoint } from './endpoint';
import { DEFAULT_DOCUMENT_TYPES } from './work-enums';

/** The PDFs the product writes from a job (spec 001 §7 generate-document), and the task's work order. */
export const GeneratedDocumentTypeSchema = z.enum(DEFAULT_DOCUMENT_TYPES, {
  error: `doc_type must be one of ${DEFAULT_DOCUMENT_TYPES.join(', ')}`,
});
export type GeneratedDocumentType = z.infer<typeof GeneratedDocumentTypeSchema>;
export const WORK_ORDER_DOCUMENT_TYPE = 'work_order';

export const SendMethodSchema = z.enum(['sms', 'email'], { error: 'send_method must be sms or email' });
export type SendMethod = z.infer<typeof SendMethodSchema>;

/** Spec 001 §5/§8 send-modal messages (the server answers the same ones). */
export const NO_CONTACT_SELECTED = 'Please select at least one contact';
export const noValidRecipientsMessage = (method: SendMethod) =>
  `No valid ${method === 'email' ? 'email addresses' : 'phone numbers'} found in selected contacts`;
/** Spec 001 §8: what the send modal shows for a 400 from generation. */
export const GENERATION_VALIDATION_FAILED = 'The document request failed validation. Please check the contact information.';

/** How long an SMS download link works (issue 12: 7 days), in seconds. */
export const SHARED_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Contact ids; their phone (SMS) or email (email) is looked up on the server among the caller's contacts. */
const RecipientsSchema = z.array(z.uuid({ error: 'recipients must be contact ids' })).max(50, { error: 'At most 50 recipients at a time' });

/** Recipients with a method, or neither (generate only). */
const deliveryShape = {
  recipients: RecipientsSchema.default([]),
  send_method: SendMethodSchema.optional(),
};
const needsMethod = (b: { recipients: string[]; send_method?: SendMethod | undefined }) => b.recipients.length === 0 || b.send_method !== undefined;
const needsMethodIssue = { message: 'Choose send_method (sms or email) for the recipients', path: ['send_method'] };

/** A priced line of an estimate, invoice or contract. */
export const LineItemSchema = z.object({
  description: z.string().trim().min(1, { error: 'Each line needs a description' }).max(300),
  quantity: z.number().positive({ error: 'Quantities must be more than 0' }).max(1_000_000),
  unit_price: z.number().min(0, { error: 'Prices cannot be negative' }).max(100_000_000),
});
export type LineItem = z.infer<typeof LineItemSchema>;

/**
 * POST /api/jobs/:id/generate-document?doc_type=… Line items, when given, are priced on the document and kept on
 * the job (metadata.line_items) for the next one; without them the job's saved lines, else its tasks, are listed.
 */
export const GenerateJobDocumentBodySchema = z
  .object({ ...deliveryShape, line_items: z.array(LineItemSchema).max(100).optional(), notes: z.string().trim().max(2000).optional() })
  .refine(needsMethod, needsMethodIssue);
export const GenerateJobDocumentQuerySchema = z.object({ doc_type: GeneratedDocumentTypeSchema });

/** POST /api/tasks/:id/generate-document: the task's work order (spec 001 §7 sends job_id). */
export const GenerateTaskDocumentBodySchema = z.object({ job_id: z.uuid({ error: 'job_id must be a job id' }), ...deliveryShape }).refine(needsMethod, needsMethodIssue);

/** POST /api/documents/:id/send: an existing document to contacts. */
export const SendDocumentBodySchema = z.object({ recipients: RecipientsSchema, send_method: SendMethodSchema });

export const DeliverySchema = z.object({
  method: SendMethodSchema,
  sent_to: z.array(z.object({ contact_id: z.uuid(), name: z.string(), address: z.string() })),
  /** Chosen contacts without a phone (sms) or email (email). */
  skipped: z.array(z.object({ contact_id: z.uuid(), name: z.string(), reason: z.string() })),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const GeneratedDocumentSchema = z.object({ document: DocumentSchema, delivery: DeliverySchema.nullable() });
export type GeneratedDocument = z.infer<typeof GeneratedDocumentSchema>;

/** POST /api/notifications (spec 001 §7): a job's task summary to contacts. */
export const TaskNotificationBodySchema = z.object({
  job_id: z.uuid({ error: 'job_id must be a job id' }),
  type: z.literal('task_notification', { error: "type must be 'task_notification'" }),
  recipients: RecipientsSchema,
  method: SendMethodSchema,
  content: z.string().trim().max(2000).default(''),
  tasks: z.array(z.uuid({ error: 'tasks must be task ids' })).max(200).default([]),
});

/** POST /api/documents (spec 001 §7): a record of a file stored in the user's drive. */
export const CreateDocumentRecordBodySchema = z.object({
  job_id: z.uuid({ error: 'job_id must be a job id' }).nullish(),
  file_name: z.string().trim().min(1, { error: 'file_name is required' }).max(255),
  document_type: z.string().trim().min(1).max(60).default('uploaded'),
  status: z.literal('created', { error: "status must be 'created'" }).default('created'),
  storage_type: z.literal('google_drive', { error: "storage_type must be 'google_drive'" }),
  storage_id: z.string().trim().min(1, { error: 'storage_id is required' }).max(300),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

export const SharedDocumentParamsSchema = z.object({ token: z.string().min(10).max(400) });
export const SHARED_LINK_EXPIRED = 'This link has expired. Ask the sender to send the document again.';
export const SHARED_LINK_INVALID = 'This link is not valid';

const tags = ['documents'];

export const documentSendingEndpoints = {
  generateForJob: defineEndpoint({
    method: 'POST',
    path: '/api/jobs/:id/generate-document',
    access: 'user',
    summary: "Write one of the job's documents as a PDF (stored as created) and optionally send it",
    tags,
    params: IdParamsSchema,
    query: GenerateJobDocumentQuerySchema,
    body: GenerateJobDocumentBodySchema,
    status: 201,
    response: GeneratedDocumentSchema,
  }),
  generateForTask: defineEndpoint({
    method: 'POST',
    path: '/api/tasks/:id/generate-document',
    access: 'user',
    summary: "Write the task's work order as a PDF (stored as created) and optionally send it",
    tags,
    params: IdParamsSchema,
    body: GenerateTaskDocumentBodySchema,
    status: 201,
    response: GeneratedDocumentSchema,
  }),
  send: defineEndpoint({ method: 'POST', path: '/api/documents/:id/send', access: 'user', summary: 'Send a document by email (attached) or SMS (a download link)', tags, params: IdParamsSchema, body: SendDocumentBodySchema, response: DeliverySchema }),
  createRecord: defineEndpoint({ method: 'POST', path: '/api/documents', access: 'user', summary: 'Record a document stored in the user’s drive', tags, body: CreateDocumentRecordBodySchema, status: 201, response: DocumentSchema }),
  notify: defineEndpoint({ method: 'POST', path: '/api/notifications', access: 'user', summary: "Send a job's task summary to contacts", tags: ['tasks'], body: TaskNotificationBodySchema, response: DeliverySchema }),
  shared: defineEndpoint({
    method: 'GET',
    path: '/api/shared-documents/:token',
    access: 'public',
    summary: 'Download a sent document by its signed link (no session; 7 days)',
    tags,
    params: SharedDocumentParamsSchema,
    response: z.unknown(),
  }),
};
