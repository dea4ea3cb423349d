import type { WorkRequestStatus } from '@fieldbook/contract';

export const STATUS_LABEL: Record<WorkRequestStatus, string> = { new: 'New', converted: 'Converted', declined: 'Declined' };
export const STATUS_COLOR: Record<WorkRequestStatus, string> = { new: 'blue', converted: 'green', declined: 'gray' };

/** (555) 201-3344 for ten digits; anything else as stored. */
export const formatPhone = (digits: string) => (/^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits);

/** When a request came, in the workspace's time zone (the browser's until it is known). */
export const requestWhen = (iso: string, timeZone: string | undefined) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
