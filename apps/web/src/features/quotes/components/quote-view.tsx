import { formatCents, MANUAL_APPROVAL_METHOD_LABELS, type Quote } from '@fieldbook/contract';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { QuoteDepositStatus } from '../../payments';
import { useRemakeSignedPdf } from '../api/remake-signed-pdf';
import { errorText } from './quote-errors';
import { QuoteTotals } from './quote-totals';

/** The approval's signed PDF: open it, wait for it, or — deleted from the job, or given up — make it again. */
function SignedPdf({ quote, approval }: { quote: Quote; approval: NonNullable<Quote['approval']> }) {
  const remake = useRemakeSignedPdf();
  if (approval.document_id) {
    return (
      <Anchor component={Link} to={`/documents/${approval.document_id}`}>
        Open signed PDF
      </Anchor>
    );
  }
  if (approval.pdf_status === 'pending') {
    return (
      <Text size="sm" c="dimmed">
        The signed PDF is being prepared…
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{approval.pdf_status === 'deleted' ? 'The signed PDF was deleted from the job.' : 'The signed PDF could not be made.'}</Text>
      {remake.error && (
        <Text size="sm" c="red">
          {errorText(remake.error)}
        </Text>
      )}
      <Button size="xs" variant="light" loading={remake.isPending} onClick={() => remake.mutate(quote.id)}>
        Make it again
      </Button>
    </Stack>
  );
}

/** When the quote was sent: the first time and, after Send Again, the last (the audit trail keeps both). */
function sentLine(quote: Quote): string | null {
  if (!quote.sent_at) return null;
  const first = quote.first_sent_at ?? quote.sent_at;
  const when = (iso: string) => new Date(iso).toLocaleString();
  return first === quote.sent_at ? `Sent ${when(first)}` : `First sent ${when(first)} · last sent ${when(quote.sent_at)}`;
}

/** A sent or decided quote: what the client sees, its status, the approval and the signed PDF. */
export function QuoteView({ quote }: { quote: Quote }) {
  const chosen = quote.approval?.option ?? null;
  // Once approved, the lines of what the client chose: the chosen option's and every option's, optional ones ticked.
  const approval = quote.approval;
  const lines = approval ? quote.items.filter((i) => (i.option === null || i.option === approval.option) && (!i.optional || approval.optional_item_ids.includes(i.id))) : quote.items;
  const sent = sentLine(quote);
  return (
    <Stack gap="xs">
      {sent && (
        <Text size="sm" c="dimmed">
          {sent}
        </Text>
      )}
      {quote.options.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: quote.options.length }}>
          {quote.options.map((o, i) => (
            // An option is its place in the list; two may share a name.
            <Stack key={i} gap={2} p="xs" style={{ border: `1px solid var(--mantine-color-${chosen === i ? 'green-6' : 'gray-3'})`, borderRadius: 8 }}>
              <Text fw={600}>{o.name}</Text>
              <Text size="sm">{formatCents(o.totals.total_cents)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {lines.map((i) => (
        <Group key={i.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {i.name}
            {i.option !== null && quote.options[i.option] ? ` (${quote.options[i.option]!.name})` : ''}
            {i.optional ? ' · optional' : ''}
          </Text>
          <Text size="sm" ff="monospace">
            {formatCents(i.line_total_cents)}
          </Text>
        </Group>
      ))}
      {quote.approval && (
        <Alert color="green" title={`Approved by ${quote.approval.signer_name}: ${formatCents(quote.approval.totals.total_cents)}`}>
          <Stack gap={4}>
            <Text size="sm">
              {new Date(quote.approval.approved_at).toLocaleString()} · deposit due {formatCents(quote.approval.totals.deposit_cents)}
            </Text>
            {/* Paid online by the client, or not yet (the payments feature): seen here before the quote has an invoice. */}
            {quote.approval.totals.deposit_cents > 0 && <QuoteDepositStatus quoteId={quote.id} />}
            {quote.approval.method && quote.approval.method !== 'signature' && (
              <Text size="sm">
                Marked approved by hand ({MANUAL_APPROVAL_METHOD_LABELS[quote.approval.method]}){quote.approval.note ? `: ${quote.approval.note}` : ''}
              </Text>
            )}
            <SignedPdf quote={quote} approval={quote.approval} />
          </Stack>
        </Alert>
      )}
      {quote.status === 'declined' && <Alert color="red" title="Declined">{quote.decline_reason || 'No reason given.'}</Alert>}
      {!quote.approval && <QuoteTotals totals={quote.totals} taxRate={quote.tax_rate_percent} />}
    </Stack>
  );
}

