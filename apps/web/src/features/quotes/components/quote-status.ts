import type { QuoteStatus } from '@fieldbook/contract';

const LABELS: Record<QuoteStatus, string> = { draft: 'Draft', sent: 'Sent', viewed: 'Viewed', approved: 'Approved', declined: 'Declined', expired: 'Expired', superseded: 'Superseded', withdrawn: 'Withdrawn' };
const COLORS: Record<QuoteStatus, string> = { draft: 'gray', sent: 'blue', viewed: 'indigo', approved: 'green', declined: 'red', expired: 'orange', superseded: 'gray', withdrawn: 'dark' };

export const quoteStatusLabel = (s: QuoteStatus) => LABELS[s];
export const quoteStatusColor = (s: QuoteStatus) => COLORS[s];
