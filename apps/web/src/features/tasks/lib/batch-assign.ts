import type { TaskStatus } from '@fieldbook/contract';

/** The batch dialog offers only pending or in progress, and all (spec 001 §4). */
export type BatchStatusFilter = Exclude<TaskStatus, 'completed'> | 'all';
