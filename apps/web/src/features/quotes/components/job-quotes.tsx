import { formatCents, type QuoteList } from '@fieldbook/contract';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useJobQuotes } from '../api/get-job-quotes';
import { QuoteEditorModal } from './quote-editor';
import { quoteStatusColor, quoteStatusLabel } from './quote-status';

type Summary = QuoteList['quotes'][number];

/** How a quote being revised reads in the list: its draft revision is not sent yet; the sent one is still live. */
function revisionNote(q: Summary, all: readonly Summary[]): string | null {
  if (q.status === 'draft') return q.revision > 1 ? 'Draft revision, not sent: the client still has the earlier one' : null;
  const draft = all.find((other) => other.number === q.number && other.status === 'draft' && other.revision > q.revision);
  if (!draft) return null;
  return q.status === 'sent' || q.status === 'viewed' ? `Live for the client until revision ${draft.revision} is sent` : `Revision ${draft.revision} is a draft`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A job's quotes (issue 27): New Quote, and each one's status with its amount — the approved amount once approved.
 * `/jobs/<id>?quote=<quote id>` (a notification's link, the contractor's emails) scrolls here and opens that quote.
 */
export function JobQuotes({ jobId, clientName }: { jobId: string; clientName: string | null }) {
  const quotes = useJobQuotes(jobId);
  const [open, setOpen] = useState<{ id: string | null } | null>(null);
  const [params, setParams] = useSearchParams();
  const linked = params.get('quote');
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!linked || !UUID.test(linked)) return;
    setOpen({ id: linked });
    panel.current?.scrollIntoView?.({ block: 'start' });
  }, [linked]);
  const close = () => {
    setOpen(null);
    if (!linked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('quote');
        return next;
      },
      { replace: true },
    );
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} ref={panel} id="quotes" style={{ scrollMarginTop: 120 }}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz={18}>
          Quotes
        </Title>
        <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setOpen({ id: null })}>
          New Quote
        </Button>
      </Group>
      {quotes.isPending ? (
        <Skeleton height={48} />
      ) : quotes.isError ? (
        <LoadError error={quotes.error} onRetry={() => void quotes.refetch()} isRetrying={quotes.isFetching} title="Could not load the quotes" />
      ) : quotes.data.quotes.length === 0 ? (
        <Text c="dimmed" size="sm">
          No quotes yet. Build one with priced options and send it to the client to approve and sign on their phone.
        </Text>
      ) : (
        <Stack gap={6}>
          {quotes.data.quotes.map((q) => (
            // A quote being revised shows twice, both labelled: the draft revision on top, then the one the client has.
            <UnstyledButton key={q.id} onClick={() => setOpen({ id: q.id })} aria-label={`Quote ${q.number} revision ${q.revision}`} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text fw={600} truncate>
                    {q.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {q.number}
                    {q.revision > 1 ? ` · rev ${q.revision}` : ''} · expires {q.expires_on}
                  </Text>
                  {revisionNote(q, quotes.data.quotes) && (
                    <Text size="xs" c="blue">
                      {revisionNote(q, quotes.data.quotes)}
                    </Text>
                  )}
                </Stack>
                {/* Amount over status, both whole: on a 390 px phone the title gives way, never the status. */}
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="sm" ff="monospace">
                    {formatCents(q.approved_total_cents ?? q.totals.total_cents)}
                  </Text>
                  <Badge color={quoteStatusColor(q.status)} style={{ overflow: 'visible' }}>
                    {quoteStatusLabel(q.status)}
                  </Badge>
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <QuoteEditorModal jobId={jobId} clientName={clientName} quoteId={open?.id ?? null} opened={open !== null} onClose={close} />
    </Paper>
  );
}
