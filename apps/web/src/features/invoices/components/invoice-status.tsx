import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@fieldbook/contract';
import { Badge } from '@mantine/core';

const COLORS: Record<InvoiceStatus, string> = { draft: 'gray', sent: 'blue', viewed: 'cyan', partially_paid: 'yellow', paid: 'green', overdue: 'red', void: 'dark' };

/** An invoice's status as a badge (kept whole: on a 390 px phone the title gives way, never the status). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={COLORS[status]} style={{ overflow: 'visible', flexShrink: 0 }}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
