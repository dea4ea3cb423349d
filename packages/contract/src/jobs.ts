import { z } from 'zod';
import { IdParamsSchema, optionalText, pageQueryShape } from './common';
import { defineEndpoint } from './endpoint';
import { DocumentStatusSchema, JobStatusSchema, OptionalDateSchema, OptionalFilterTextSchema, TaskPrioritySchema, TaskStatusSchema } from './work-enums';

// Client-name clean-up and phone matching live in ./format (pure, shared with the web).

/**
 * A document as a job card shows it. Until the documents feature exists every job carries placeholders
 * made from its document_types: { id: null, name: 'Contract', document_type: 'contract', status: 'needed', placeholder: true }.
 */
export const JobDocumentSchema = z.object({
  id: z.uuid().nullable(),
  name: z.string(),
  document_type: z.string(),
  status: DocumentStatusSchema,
  placeholder: z.boolean(),
  file_type: z.string().nullable(),
  file_size: z.number().nullable(),
  created_at: z.string().nullable(),
});
export type JobDocument = z.infer<typeof JobDocumentSchema>;

/** Documents grouped for the card's three columns (spec 001 §2: Needed, Created, Processed). */
export const JobDocumentsSchema = z.object({
  needed: z.array(JobDocumentSchema),
  created: z.array(JobDocumentSchema),
  processed: z.array(JobDocumentSchema),
});
export type JobDocuments = z.infer<typeof JobDocumentsSchema>;

/** A task as listed inside its job (no nested job object). */
export const JobTaskSchema = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  description: z.string(),
  assigned_to: z.string().nullable(),
  status: TaskStatusSchema,
  priority: TaskPrioritySchema,
  due_date: z.string().nullable(),
  document_id: z.uuid().nullable(),
  group_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JobTask = z.infer<typeof JobTaskSchema>;

/** A job with its tasks and documents (GET /api/jobs, GET /api/jobs/:id). Dates are 'YYYY-MM-DD', timestamps ISO. */
export const JobSchema = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  client_name: z.string().nullable(),
  property_address: z.string().nullable(),
  claim_number: z.string().nullable(),
  status: JobStatusSchema,
  title: z.string().nullable(),
  description: z.string().nullable(),
  due_date: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  document_types: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  tasks: z.array(JobTaskSchema),
  documents: JobDocumentsSchema,
});
export type Job = z.infer<typeof JobSchema>;

/** GET /api/jobs and GET /api/multi-workspace/jobs. */
export const JobListSchema = z.object({ jobs: z.array(JobSchema), total: z.number().int() });
export type JobList = z.infer<typeof JobListSchema>;

export const JobSortSchema = z.enum(['created_at', 'due_date']);

/**
 * GET /api/jobs query. limit default 10 (jobs list page size; the jobs dashboard sends limit=5), max 100.
 * status 'all' or absent = every status. search matches client name, address, title, claim number (trigram).
 * sort: created_at (newest first, default) or due_date (ascending, undated last) — the Standard home uses
 * ?exclude_status=completed&sort=due_date&limit=10.
 */
export const ListJobsQuerySchema = z.object({
  ...pageQueryShape({ defaultLimit: 10, maxLimit: 100 }),
  status: z.union([JobStatusSchema, z.literal('all')]).optional(),
  exclude_status: JobStatusSchema.optional(),
  search: OptionalFilterTextSchema,
  sort: JobSortSchema.default('created_at'),
});
export type ListJobsQuery = z.infer<typeof ListJobsQuerySchema>;

/** POST /api/jobs (the New Job form). */
export const CreateJobBodySchema = z.object({
  client_name: z.string({ error: 'Client name is required' }).trim().min(1, 'Client name is required').max(200),
  property_address: optionalText(500),
  claim_number: optionalText(100),
  title: optionalText(200),
  description: optionalText(5000),
  due_date: OptionalDateSchema,
  status: JobStatusSchema.default('active'),
  metadata: z.record(z.string(), z.unknown()).optional(),
  document_types: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
});
export type CreateJobBody = z.input<typeof CreateJobBodySchema>;

/** PUT /api/jobs/:id/status. */
export const UpdateJobStatusBodySchema = z.object({ status: JobStatusSchema });
export type UpdateJobStatusBody = z.infer<typeof UpdateJobStatusBodySchema>;

/** PUT /api/jobs/:id/status answers the updated job. */
export const JobResponseSchema = JobSchema;

const jobTags = ['jobs'];

/** The jobs endpoints (spec 001 §7). Creating a task on a job is the tasks feature's (taskEndpoints.createForJob). */
export const jobEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/jobs',
    access: 'workspace',
    summary: "The workspace's jobs with tasks and documents",
    tags: jobTags,
    query: ListJobsQuerySchema,
    response: JobListSchema,
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/jobs/:id', access: 'workspace', summary: 'One job with tasks and documents', tags: jobTags, params: IdParamsSchema, response: JobSchema }),
  create: defineEndpoint({ method: 'POST', path: '/api/jobs', access: 'workspace', summary: 'Create a job (New Job form)', tags: jobTags, body: CreateJobBodySchema, status: 201, response: JobSchema }),
  updateStatus: defineEndpoint({
    method: 'PUT',
    path: '/api/jobs/:id/status',
    access: 'workspace',
    offlineQueued: true,
    summary: "Set a job's status",
    tags: jobTags,
    params: IdParamsSchema,
    body: UpdateJobStatusBodySchema,
    response: JobSchema,
  }),
};
