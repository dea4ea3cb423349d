import { z } from 'zod';

/** Statuses and priorities shared by jobs.ts and tasks.ts (kept apart so those two do not import each other). */
export const JobStatusSchema = z.enum(['active', 'pending', 'in progress', 'completed', 'cancelled']);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const TaskStatusSchema = z.enum(['pending', 'in progress', 'completed']);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

export const TaskPrioritySchema = z.enum(['low', 'medium', 'high']);
export type TaskPriority = z.infer<typeof TaskPrioritySchema>;

/** Document statuses (spec 001 §4); anything else is shown as needed. */
export const DocumentStatusSchema = z.enum(['needed', 'created', 'processed', 'processing', 'failed', 'unknown']);
export type DocumentStatus = z.infer<typeof DocumentStatusSchema>;

export const DEFAULT_DOCUMENT_TYPES = ['contract', 'estimate', 'invoice', 'permit', 'inspection_report'] as const;

/** A calendar date 'YYYY-MM-DD'; an empty string means "no date" (the forms send null or ''). */
export const OptionalDateSchema = z
  .union([z.iso.date({ error: 'Please enter a valid date (YYYY-MM-DD)' }), z.literal('').transform(() => null), z.null()])
  .optional();

/** A free-text filter: trimmed, empty means none. */
export const OptionalFilterTextSchema = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));
