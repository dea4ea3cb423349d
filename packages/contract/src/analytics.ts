import { z } from 'zod';
import { TimeZoneSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Spec 002 §9: 7, 30 (default), 90 or 365 days back. */
export const ANALYTICS_RANGES = [7, 30, 90, 365] as const;
export const AnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (ANALYTICS_RANGES as readonly number[]).includes(d), { error: 'days must be 7, 30, 90 or 365' })
    .default(30),
  workspace_id: z.uuid({ error: 'workspace_id must be a workspace id' }).optional(),
  /** The viewer's IANA zone (the web sends the browser's): days, weeks and months start at its midnight; UTC without. */
  time_zone: TimeZoneSchema.optional(),
});

/** Timeline buckets: daily for 7 and 30 days, weekly for 90, monthly for 365 (spec 002 §9). */
export const AnalyticsBucketSchema = z.enum(['day', 'week', 'month']);

export const RecordingAnalyticsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  bucket: AnalyticsBucketSchema,
  /** Per workspace, most recordings first; label is its name, 'Workspace' + 6 characters when it is no longer registered. */
  by_workspace: z.array(z.object({ workspace_id: z.uuid(), label: z.string(), count: z.number().int(), bytes: z.number() })),
  /** From the file name (incoming…/outgoing…) or what the upload said; anything else unknown (spec 002 §3). */
  direction: z.object({ incoming: z.number().int(), outgoing: z.number().int(), unknown: z.number().int() }),
  /** Every bucket of the range, empty ones with 0; `start` is the bucket's first day (YYYY-MM-DD, in time_zone; UTC without). */
  timeline: z.array(z.object({ start: z.string(), count: z.number().int() })),
  total: z.object({ count: z.number().int(), bytes: z.number() }),
});
export type RecordingAnalytics = z.infer<typeof RecordingAnalyticsSchema>;

export const analyticsEndpoints = {
  recordings: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/recordings',
    access: 'admin',
    summary: 'Recording counts, storage, call direction and timeline by workspace (admin)',
    tags: ['analytics'],
    query: AnalyticsQuerySchema,
    response: RecordingAnalyticsSchema,
  }),
};

// ---- Receivables (issue 33): A/R aging and payments received, for the caller's workspace -----------------------------

/** Days past the due day, as of today in the workspace's time zone: not yet due (or due today), 1–30, 31–60, 61–90, over 90. */
export const AR_AGING_BUCKETS = ['current', '1_30', '31_60', '61_90', 'over_90'] as const;
export const ArAgingBucketSchema = z.enum(AR_AGING_BUCKETS);
export type ArAgingBucket = z.infer<typeof ArAgingBucketSchema>;
export const AR_AGING_LABELS: Record<ArAgingBucket, string> = { current: 'Current', '1_30': '1–30 days', '31_60': '31–60 days', '61_90': '61–90 days', over_90: '90+ days' };
/** Months of payments the chart shows, the current one last. */
export const PAYMENT_CHART_MONTHS = 12;

export const ReceivablesSchema = z.object({
  /** Today in the workspace's time zone ('YYYY-MM-DD'), and that zone: the aging counts days from it. */
  as_of: z.string(),
  time_zone: z.string(),
  /** Every bucket in order, empty ones with 0: what sent invoices still owe, by days past their due day. */
  aging: z.array(z.object({ bucket: ArAgingBucketSchema, balance_cents: z.number().int(), count: z.number().int() })),
  total: z.object({ balance_cents: z.number().int(), count: z.number().int() }),
  /** The last PAYMENT_CHART_MONTHS months ('YYYY-MM', oldest first): money received, refunds given back, and the net. */
  payments_by_month: z.array(z.object({ month: z.string(), payments_cents: z.number().int(), refunds_cents: z.number().int(), net_cents: z.number().int() })),
});
export type Receivables = z.infer<typeof ReceivablesSchema>;

export const receivablesEndpoints = {
  receivables: defineEndpoint({
    method: 'GET',
    path: '/api/analytics/receivables',
    access: 'workspace',
    summary: "The caller's workspace's A/R aging (as of today in its time zone) and payments received per month, net of refunds",
    tags: ['analytics'],
    response: ReceivablesSchema,
  }),
};
