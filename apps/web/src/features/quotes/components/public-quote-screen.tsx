import { APPROVE_AND_PAY_DEPOSIT, computeTotals, endpointPath, formatCents, QUOTE_REPLACED_UNAVAILABLE, quoteEndpoints, toThousandths, type PublicQuote } from '@fieldbook/contract';
import { Alert, Anchor, Box, Button, Checkbox, Divider, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ClientPage, ClientPageBody, clientPageMessage as messageOf, useViewOnce } from '../../../components/client-page';
import { apiBaseUrl } from '../../../lib/api-base';
import { dayInWords } from '../../../lib/calendar-day';
import { BackToHub, momentInWords } from '../../client-hub';
import { PayDeposit } from '../../payments';
import { useApproveQuote } from '../api/approve-quote';
import { useDeclineQuote } from '../api/decline-quote';
import { usePublicQuote } from '../api/get-public-quote';
import { useMarkQuoteViewed } from '../api/mark-quote-viewed';
import { QuoteTotals } from './quote-totals';
import { SignatureField } from './signature-field';

/** The totals for the homeowner's choice, with the server's own rules (quote-money.ts) as they tick and choose. */
function totalsFor(q: PublicQuote, option: number | null, optional: string[]) {
  const lines = q.items.map((i) => ({ id: i.id, quantityMilli: toThousandths(i.quantity), unitPriceCents: i.unit_price_cents, taxable: i.taxable, optional: i.optional, option: i.option }));
  const adj = (a: PublicQuote['discount']) => (!a ? null : a.type === 'amount' ? a : { type: 'percent' as const, milliPercent: toThousandths(a.percent) });
  return computeTotals(lines, { discount: adj(q.discount), taxRateMilliPercent: toThousandths(q.tax_rate_percent), deposit: adj(q.deposit) }, { option, optionalIds: optional });
}

function Decided({ q, token }: { q: PublicQuote; token: string | null }) {
  if (q.status === 'approved' && q.approval) {
    return (
      <Alert color="green" title="Approved — thank you!">
        Signed by {q.approval.signer_name} on {momentInWords(q.approval.approved_at, q.time_zone)}. Total {formatCents(q.approval.totals.total_cents)}
        {q.approval.totals.deposit_cents > 0 ? `, deposit due ${formatCents(q.approval.totals.deposit_cents)}` : ''}. {q.company} has been told and will be in touch.
        {q.signed_pdf_ready && token !== null && (
          <>
            {' '}
            {/* Through the link itself: no account, the link's own checks and limits (the server's publicSignedPdf). */}
            {/* inherit: the alert's text size — on its own an Anchor is larger than the sentence it ends. */}
            <Anchor href={`${apiBaseUrl()}${endpointPath(quoteEndpoints.publicSignedPdf.path, { token })}`} download inherit>
              Download signed PDF
            </Anchor>
          </>
        )}
      </Alert>
    );
  }
  if (q.status === 'declined') return <Alert color="gray" title="Quote declined">You declined this quote. {q.company} has been told.</Alert>;
  if (q.status === 'superseded') {
    return (
      <Alert color="yellow" title="This quote was replaced">
        {q.replaced_by_link ? (
          <>
            {q.company} sent you a newer version of this quote. <Anchor href={q.replaced_by_link}>Open the new quote</Anchor>
          </>
        ) : (
          // The newest version was not sent, or was withdrawn: this link leads to nothing more (issue 32 item 7).
          QUOTE_REPLACED_UNAVAILABLE(q.company)
        )}
      </Alert>
    );
  }
  if (q.status === 'expired') return <Alert color="orange" title="This quote has expired">Ask {q.company} for a new one.</Alert>;
  return null;
}

/**
 * /q/:token — the homeowner's quote (issue 27): no account, fits a 390 px phone. Its dates are the workspace's (the
 * answer's time_zone, read as the client hub reads them); opened from the client's hub, it links back (BackToHub).
 */
export function PublicQuoteScreen({ token }: { token: string }) {
  const quote = usePublicQuote(token);
  // A sent quote rendered here, in a browser, is viewed — told once (the client side's rule, components/client-page).
  const { mutate: markViewed } = useMarkQuoteViewed(token);
  useViewOnce(quote.data?.status === 'sent', markViewed);
  return (
    <ClientPageBody query={quote} unavailableTitle="Quote unavailable">
      {(q) => <PublicQuoteContent q={q} token={token} />}
    </ClientPageBody>
  );
}

/**
 * The homeowner's page for a quote: by its link (`token`), or — `token` null — as the contractor's Preview as Client
 * shows it (issue 32 item 9): the same page, read-only — options and optional lines may be tried, but nothing can be
 * approved or declined, and a draft shows as it will once sent.
 */
export function PublicQuoteContent({ q, token }: { q: PublicQuote; token: string | null }) {
  const isPreview = token === null;
  const approve = useApproveQuote(token ?? '');
  const decline = useDeclineQuote(token ?? '');
  const [option, setOption] = useState<number | null>(null);
  const [optional, setOptional] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  // A decided quote shows what was approved; an open one what the homeowner is choosing.
  const chosen = q.approval ? q.approval.option : q.options.length > 0 ? (option ?? 0) : null;
  const ticked = q.approval ? q.approval.optional_item_ids : optional;
  const totals = useMemo(() => totalsFor(q, chosen, ticked), [q, chosen, ticked]);

  const open = q.status === 'sent' || q.status === 'viewed' || (isPreview && q.status === 'draft');
  const visible = q.items.filter((i) => i.option === null || i.option === chosen);
  const sections = [...new Set(visible.map((i) => i.section ?? ''))];
  const canApprove = !isPreview && name.trim().length >= 2 && signature !== null && consent;
  // Only the shown lines' ticks: a line ticked under another option is hidden now and is not part of this choice.
  const tickedShown = optional.filter((itemId) => visible.some((i) => i.id === itemId && i.optional));
  // Deposit required (issue 33): signing leads straight to paying the deposit on Stripe's page.
  const paysDeposit = q.deposit_step === 'required' && totals.deposit_cents > 0;

  return (
    <ClientPage>
      <Stack gap="md">
        {isPreview && (
          <Alert color="blue" title="Preview as the client sees it">
            Read-only: the client approves and signs here. Nothing is sent, and opening this preview does not count as the client viewing the quote.
          </Alert>
        )}
        {!isPreview && <BackToHub company={q.company} />}
        <Stack gap={2}>
          <Text fw={700} fz={20}>
            {q.company}
          </Text>
          <Title order={1} fz={24}>
            {q.title}
          </Title>
          <Text size="sm" c="dimmed">
            Quote {q.number}
            {q.job.client_name ? ` for ${q.job.client_name}` : ''}
            {q.job.property_address ? ` · ${q.job.property_address}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            Valid until {dayInWords(q.expires_on)}
          </Text>
        </Stack>
        <Decided q={q} token={token} />
        {/* Deposits on approval (issue 33): the client pays the approved deposit online right here — unless the workspace
            has no deposit step (or its clients cannot pay online now: the server says 'none'). */}
        {q.status === 'approved' && token !== null && q.deposit_step !== 'none' && <PayDeposit token={token} />}

        {q.options.length > 0 && (
          <SimpleGrid cols={q.options.length} spacing="xs" role="radiogroup" aria-label="Options">
            {q.options.map((o, i) => (
              <UnstyledButton
                // An option is its place in the list (what `option: i` names); two may share a name.
                key={i}
                role="radio"
                aria-checked={chosen === i}
                disabled={!open}
                onClick={() => setOption(i)}
                p="xs"
                style={{ border: `2px solid var(--mantine-color-${chosen === i ? 'blue-6' : 'gray-3'})`, borderRadius: 10, background: chosen === i ? 'var(--mantine-color-blue-0)' : undefined }}
              >
                <Text fw={700} size="sm">
                  {o.name}
                </Text>
                {/* Three across on a 390 px phone: a six-figure amount takes the smaller size to stay inside its card. */}
                <Text size={formatCents(o.totals.total_cents).length > 10 ? 'xs' : 'sm'} ff="monospace">
                  {formatCents(o.totals.total_cents)}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}

        <Paper withBorder p="sm" radius="md">
          <Stack gap={6}>
            {sections.map((section) => (
              <Stack key={section} gap={4}>
                {section && (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {section}
                  </Text>
                )}
                {visible
                  .filter((i) => (i.section ?? '') === section)
                  .map((i) => (
                    <Group key={i.id} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Box miw={0}>
                        {i.optional ? (
                          <Checkbox
                            label={`${i.name} (optional)`}
                            checked={ticked.includes(i.id)}
                            disabled={!open}
                            onChange={(e) => {
                              const checked = e.currentTarget.checked;
                              setOptional((cur) => (checked ? [...cur, i.id] : cur.filter((x) => x !== i.id)));
                            }}
                          />
                        ) : (
                          <Text size="sm">{i.name}</Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {i.quantity} {i.unit} × {formatCents(i.unit_price_cents)}
                          {i.description ? ` · ${i.description}` : ''}
                        </Text>
                      </Box>
                      <Text size="sm" ff="monospace">
                        {formatCents(i.line_total_cents)}
                      </Text>
                    </Group>
                  ))}
              </Stack>
            ))}
            <Divider my={4} />
            <QuoteTotals totals={totals} taxRate={q.tax_rate_percent} />
          </Stack>
        </Paper>

        {q.notes && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{q.notes}</Text>}
        {q.terms && (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              Terms
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {q.terms}
            </Text>
          </Stack>
        )}

        {open && (
          <Paper withBorder p="sm" radius="md">
            <Stack gap="sm">
              <Title order={2} fz={18}>
                Approve and sign
              </Title>
              <TextInput label="Full name" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} disabled={isPreview} />
              {isPreview ? (
                <Text size="sm" c="dimmed">
                  The client draws their signature here.
                </Text>
              ) : (
                <SignatureField onChange={setSignature} />
              )}
              <Checkbox label="I agree to sign this quote electronically" checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} disabled={isPreview} />
              {approve.error && <Alert color="red">{messageOf(approve.error)}</Alert>}
              <Button
                size="md"
                color="green"
                disabled={!canApprove}
                loading={approve.isPending}
                onClick={() => approve.mutate({ signer_name: name, signature_png: signature!, consent: true, option: chosen, optional_item_ids: tickedShown, content_fingerprint: q.content_fingerprint })}
              >
                {paysDeposit ? APPROVE_AND_PAY_DEPOSIT : `Approve ${formatCents(totals.total_cents)}`}
              </Button>
              {totals.deposit_cents > 0 && (
                <Text size="sm" c="dimmed" ta="center">
                  Deposit due on approval: {formatCents(totals.deposit_cents)}
                </Text>
              )}
              <Divider />
              {declining ? (
                <Stack gap="xs">
                  <Textarea label="Reason (optional)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
                  {decline.error && <Alert color="red">{messageOf(decline.error)}</Alert>}
                  <Group grow>
                    <Button variant="default" onClick={() => setDeclining(false)}>
                      Back
                    </Button>
                    <Button color="red" variant="light" loading={decline.isPending} onClick={() => decline.mutate(reason)}>
                      Confirm Decline
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Button variant="subtle" color="red" onClick={() => setDeclining(true)} disabled={isPreview}>
                  Decline
                </Button>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </ClientPage>
  );
}
