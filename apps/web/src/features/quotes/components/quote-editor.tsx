import { parseDecimal, type Quote } from '@fieldbook/contract';
import { ActionIcon, Alert, Badge, Button, Checkbox, Divider, Group, Loader, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { ApiRequestError } from '../../../lib/api-client';
import { useContacts } from '../../contacts';
import { useCreateQuote } from '../api/create-quote';
import { useDiscardQuote } from '../api/discard-quote';
import { useQuote } from '../api/get-quote';
import { useReviseQuote } from '../api/revise-quote';
import { useSendQuote } from '../api/send-quote';
import { useUpdateQuote } from '../api/update-quote';
import { useWithdrawQuote } from '../api/withdraw-quote';
import { draftFromQuote, emptyDraft, liveTotals, newItem, quoteFieldErrors, toQuoteBody, validateQuoteDraft, type QuoteDraft, type QuoteFieldErrors } from '../lib/quote-form';
import { CopyClientLink } from './copy-client-link';
import { DuplicateQuoteButton } from './duplicate-quote-dialog';
import { PreviewAsClientButton } from './quote-preview';
import { PrintQuoteButton } from './print-quote-button';
import { MarkApprovedButton } from './mark-approved-dialog';
import { QuoteItemsEditor } from './quote-items-editor';
import { errorText, QuoteFormInvalid } from './quote-errors';
import { QuoteTotals } from './quote-totals';
import { QuoteView } from './quote-view';
import { quoteStatusColor, quoteStatusLabel } from './quote-status';

/**
 * Send to the job's client contact: a contact (the one named like the client first) and SMS and/or email. A draft is
 * sent as it is on screen: `saveFirst` saves the editor's values and answers once they are the quote's; if the save is
 * refused (its errors show by Save Draft), nothing is sent.
 */
function SendPanel({ quote, clientName, onSent, saveFirst, isSaving = false }: { quote: Quote; clientName: string | null; onSent: (to: string) => void; saveFirst?: () => Promise<void>; isSaving?: boolean }) {
  const [search, setSearch] = useState(clientName ?? '');
  const contacts = useContacts({ q: search });
  const [contactId, setContactId] = useState<string | null>(null);
  const [methods, setMethods] = useState<('sms' | 'email')[]>(['sms', 'email']);
  const send = useSendQuote();
  const [saveFailed, setSaveFailed] = useState<unknown>(null);
  // Awaited, not mutate's onSuccess: a sent draft turns into the read-only view, which unmounts this panel, and
  // TanStack Query drops mutate()'s own callbacks once their component is gone (the 'Quote sent' notice then raced).
  const sendAndTell = async (id: string) => {
    setSaveFailed(null);
    send.reset();
    if (saveFirst) {
      const isSaved = await saveFirst().then(
        () => true,
        (err: unknown) => {
          setSaveFailed(err ?? new Error('Not saved'));
          return false;
        },
      );
      if (!isSaved) return;
    }
    const sent = await send.mutateAsync({ id: quote.id, contactId: id, methods }).catch(() => null);
    if (sent) onSent(sent.sent_to.map((x) => x.address).join(' and '));
  };
  const list = useMemo(() => contacts.data?.contacts ?? [], [contacts.data]);
  // The contact named like the job's client is chosen at first: the usual recipient.
  useEffect(() => {
    if (!contactId && list.length > 0 && clientName && list[0]!.name.toLowerCase() === clientName.toLowerCase()) setContactId(list[0]!.id);
  }, [list, contactId, clientName]);
  return (
    <Stack gap="xs">
      <Title order={3} fz={16}>
        Send to the client
      </Title>
      <Select
        label="Client contact"
        placeholder="Search contacts"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        value={contactId}
        onChange={setContactId}
        data={list.map((c) => ({ value: c.id, label: `${c.name} · ${c.phone_number}${c.email ? ` · ${c.email}` : ''}` }))}
        nothingFoundMessage="No contact found"
      />
      <Checkbox.Group label="Send by" value={methods} onChange={(v) => setMethods(v as ('sms' | 'email')[])}>
        <Group gap="md" mt={4}>
          <Checkbox value="sms" label="SMS" />
          <Checkbox value="email" label="Email" />
        </Group>
      </Checkbox.Group>
      {saveFailed !== null && (
        <Alert color="red" title="Not sent: the changes could not be saved">
          {errorText(saveFailed)}
        </Alert>
      )}
      {send.error && <Alert color="red">{errorText(send.error)}</Alert>}
      <Button onClick={() => contactId && void sendAndTell(contactId)} disabled={!contactId || methods.length === 0} loading={send.isPending || isSaving}>
        {quote.status === 'draft' ? 'Send Quote' : 'Send Again'}
      </Button>
    </Stack>
  );
}

/**
 * A button that asks first: pressed, it shows what will happen with Confirm and Cancel in its place (Discard Draft,
 * Withdraw Quote). The error of a refused request shows there too.
 */
function ConfirmButton({ label, title, text, confirmLabel, pending, error, onConfirm }: { label: string; title: string; text: string; confirmLabel: string; pending: boolean; error: unknown; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="subtle" color="red" onClick={() => setAsking(true)} w="fit-content">
        {label}
      </Button>
    );
  }
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        {Boolean(error) && (
          <Text size="sm" c="red">
            {errorText(error)}
          </Text>
        )}
        <Group gap="xs">
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button variant="default" onClick={() => setAsking(false)} disabled={pending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The totals of what is on screen, per option, updated as the contractor types (the contract's computeTotals, the
 * server's own rules). The saved quote's totals below stay the server's: what is sent and approved.
 */
function LiveTotalsPanel({ draft }: { draft: QuoteDraft }) {
  const live = useMemo(() => liveTotals(draft), [draft]);
  const taxRate = parseDecimal(draft.taxRate, { percent: true }) ?? 0;
  return (
    <Stack gap="xs" aria-label="Live totals">
      <Divider label="Totals as you type" />
      <Text size="xs" c="dimmed">
        Totals update as you type; saved totals are the server's.
        {live.skippedLines > 0 && ` ${live.skippedLines === 1 ? '1 line is' : `${live.skippedLines} lines are`} not counted until its quantity and price read as numbers.`}
      </Text>
      {live.options.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: live.options.length }} spacing="xl" verticalSpacing="md">
          {live.options.map((o, i) => (
            <Stack key={i} gap={4}>
              <Text fw={600}>{o.name || `Option ${i + 1}`}</Text>
              <QuoteTotals totals={o.totals} taxRate={taxRate} label={`${o.name || `Option ${i + 1}`} live totals`} />
            </Stack>
          ))}
        </SimpleGrid>
      ) : (
        <QuoteTotals totals={live.totals} taxRate={taxRate} label="Live totals" />
      )}
    </Stack>
  );
}

/** New Quote / a quote of the job: the editor for a draft, the read-only view with Send Again and Revise after. */
export function QuoteEditorModal({ jobId, clientName, quoteId, opened, onClose }: { jobId: string; clientName: string | null; quoteId: string | null; opened: boolean; onClose: () => void }) {
  const small = useMediaQuery('(max-width: 48em)');
  const [currentId, setCurrentId] = useState<string | null>(quoteId);
  const quote = useQuote(currentId);
  const [draft, setDraft] = useState<QuoteDraft>(() => emptyDraft(new Date()));
  // Kept here: sending turns the editor into the read-only view, which mounts a new send panel.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const create = useCreateQuote(jobId);
  const update = useUpdateQuote();
  const revise = useReviseQuote();
  const discard = useDiscardQuote();
  const withdraw = useWithdrawQuote();
  useEffect(() => {
    setCurrentId(quoteId);
    setSentTo(null);
  }, [quoteId, opened]);
  useEffect(() => {
    if (quote.data) setDraft(draftFromQuote(quote.data));
    else if (!currentId) setDraft(emptyDraft(new Date()));
  }, [quote.data, currentId]);

  // Field errors: the contract's schema's, before anything is sent, or the server's 400 details (the same paths).
  const [errors, setErrors] = useState<QuoteFieldErrors>({});
  const [invalid, setInvalid] = useState<QuoteFormInvalid | null>(null);
  useEffect(() => {
    setErrors({});
    setInvalid(null);
    revise.reset();
    discard.reset();
    withdraw.reset();
    // The mutations' reset functions are stable; only a change of quote clears them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId]);
  /** Discards the draft: the dialog then shows the family's live quote, or closes (a first draft has none). */
  const discardDraft = async (id: string) => {
    const answer = await discard.mutateAsync(id).catch(() => null);
    if (!answer) return;
    if (answer.live_quote_id) setCurrentId(answer.live_quote_id);
    else onClose();
  };
  const save = async () => {
    const found = validateQuoteDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const failed = new QuoteFormInvalid('Not saved: correct the fields marked in red');
      setInvalid(failed);
      throw failed;
    }
    setInvalid(null);
    const body = toQuoteBody(draft);
    try {
      const saved = currentId ? await update.mutateAsync({ id: currentId, body }) : await create.mutateAsync(body);
      setCurrentId(saved.id);
    } catch (err) {
      if (err instanceof ApiRequestError) setErrors(quoteFieldErrors(draft, (err.details ?? []).map((d) => ({ path: d.field, message: d.message }))));
      throw err;
    }
  };
  const saving = create.isPending || update.isPending;
  const saveError = invalid ?? create.error ?? update.error;
  /** Removes an option: the lines of the options after it move up with them; its own lines stay, in no option. */
  const removeOption = (index: number) =>
    setDraft((d) => ({
      ...d,
      options: d.options.filter((_, j) => j !== index),
      items: d.items.map((i) => (i.option === '' || Number(i.option) < index ? i : { ...i, option: Number(i.option) === index ? '' : String(Number(i.option) - 1) })),
    }));
  const usedOptions = new Set(draft.items.map((i) => i.option));
  const q = quote.data;
  const editable = !q || q.status === 'draft';
  const set = <K extends keyof QuoteDraft>(key: K, value: QuoteDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <Modal opened={opened} onClose={onClose} size="xl" fullScreen={small} title={q ? `Quote ${q.number}${q.revision > 1 ? ` · revision ${q.revision}` : ''}` : currentId ? 'Quote' : 'New Quote'}>
      <Stack gap="md">
        {q && (
          <Group gap="xs">
            <Badge color={quoteStatusColor(q.status)}>{quoteStatusLabel(q.status)}</Badge>
            {q.status !== 'draft' && <Text fw={600}>{q.title}</Text>}
            <Group gap={4} ml="auto">
              <PreviewAsClientButton key={`preview-${q.id}`} quote={q} />
              {['draft', 'sent', 'viewed'].includes(q.status) && <PrintQuoteButton key={`print-${q.id}`} quote={q} />}
              <DuplicateQuoteButton key={`duplicate-${q.id}`} quote={q} />
            </Group>
          </Group>
        )}
        {q?.status === 'draft' && q.revision > 1 && (
          <Text size="sm" c="dimmed">
            A draft revision: the client keeps the quote they were sent until you send this one.
          </Text>
        )}
        {q?.status === 'withdrawn' && q.withdrawn_at && (
          <Alert color="gray" title={`Withdrawn ${new Date(q.withdrawn_at).toLocaleString()}`}>
            The client’s link now says the quote was withdrawn; it can no longer be approved. Revise it to send a new version.
          </Alert>
        )}
        {sentTo && q && (
          <Alert color="green" title="Quote sent">
            Sent to {sentTo}. The link works until {q.expires_on}.
          </Alert>
        )}
        {currentId && !q ? (
          quote.isError ? (
            <LoadError error={quote.error} onRetry={() => void quote.refetch()} isRetrying={quote.isFetching} title="Could not open this quote" />
          ) : (
            <Group justify="center" p="xl">
              <Loader size="sm" />
            </Group>
          )
        ) : editable ? (
          <>
            <TextInput label="Title" placeholder="e.g. Roof replacement" value={draft.title} error={errors.title} onChange={(e) => set('title', e.currentTarget.value)} required />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Options (up to three, e.g. Good / Better / Best)
              </Text>
              <Group gap="xs" wrap="wrap">
                {draft.options.map((o, i) => (
                  <TextInput
                    // An option is its place in the list (what a line's `option` names); two may share a name.
                    key={i}
                    aria-label={`Option ${i + 1} name`}
                    value={o}
                    error={errors[`options.${i}`]}
                    onChange={(e) => set('options', draft.options.map((x, j) => (j === i ? e.currentTarget.value : x)))}
                    rightSection={
                      // Only an option no line is in: removing one with lines would move them without a word.
                      usedOptions.has(String(i)) ? null : (
                        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Remove option ${i + 1}`} onClick={() => removeOption(i)}>
                          <IconX size={14} />
                        </ActionIcon>
                      )
                    }
                    miw={0}
                    style={{ flex: '1 1 5.5rem', maxWidth: 180 }}
                  />
                ))}
                {draft.options.length < 3 && (
                  <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => set('options', [...draft.options, ['Good', 'Better', 'Best'][draft.options.length]!])}>
                    Add Option
                  </Button>
                )}
              </Group>
            </Stack>
            {[errors.options, errors.items].filter(Boolean).map((message) => (
              <Text key={message} size="sm" c="red">
                {message}
              </Text>
            ))}
            <QuoteItemsEditor items={draft.items} options={draft.options} errors={errors} onChange={(items) => set('items', items)} />
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => set('items', [...draft.items, newItem()])} w="fit-content">
              Add Item
            </Button>
            <Divider />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Group gap={4} align="flex-end" wrap="nowrap">
                <TextInput label="Discount" inputMode="decimal" value={draft.discount} error={errors.discount} onChange={(e) => set('discount', e.currentTarget.value)} style={{ flex: 1 }} />
                <SegmentedControl size="xs" value={draft.discountType} onChange={(v) => set('discountType', v as 'amount' | 'percent')} data={[{ value: 'percent', label: '%' }, { value: 'amount', label: '$' }]} aria-label="Discount type" />
              </Group>
              <TextInput label="Tax rate (%)" inputMode="decimal" value={draft.taxRate} error={errors.taxRate} onChange={(e) => set('taxRate', e.currentTarget.value)} />
              <Group gap={4} align="flex-end" wrap="nowrap">
                <TextInput label="Deposit" inputMode="decimal" value={draft.deposit} error={errors.deposit} onChange={(e) => set('deposit', e.currentTarget.value)} style={{ flex: 1 }} />
                <SegmentedControl size="xs" value={draft.depositType} onChange={(v) => set('depositType', v as 'amount' | 'percent')} data={[{ value: 'percent', label: '%' }, { value: 'amount', label: '$' }]} aria-label="Deposit type" />
              </Group>
            </SimpleGrid>
            <TextInput label="Expires on" type="date" value={draft.expiresOn} error={errors.expiresOn} onChange={(e) => set('expiresOn', e.currentTarget.value)} w={200} />
            <Textarea label="Notes" autosize minRows={2} value={draft.notes} onChange={(e) => set('notes', e.currentTarget.value)} />
            <Textarea label="Terms" autosize minRows={2} value={draft.terms} onChange={(e) => set('terms', e.currentTarget.value)} />
            <LiveTotalsPanel draft={draft} />
            {saveError && <Alert color="red">{errorText(saveError)}</Alert>}
            <Button onClick={() => void save().catch(() => {})} loading={saving} variant={q ? 'light' : 'filled'}>
              Save Draft
            </Button>
            {q && (
              <>
                <Divider label="Saved totals (the server's)" />
                {q.options.length > 0 ? (
                  <SimpleGrid cols={{ base: 1, sm: q.options.length }} spacing="xl" verticalSpacing="md">
                    {q.options.map((o, i) => (
                      <Stack key={i} gap={4}>
                        <Text fw={600}>{o.name}</Text>
                        <QuoteTotals totals={o.totals} taxRate={q.tax_rate_percent} label={`${o.name} totals`} />
                      </Stack>
                    ))}
                  </SimpleGrid>
                ) : (
                  <QuoteTotals totals={q.totals} taxRate={q.tax_rate_percent} />
                )}
                <Divider />
                {/* Send saves what is on screen first: the client gets the prices and expiry shown, not the last saved. */}
                <SendPanel quote={q} clientName={clientName} onSent={setSentTo} saveFirst={save} isSaving={saving} />
                <Divider />
                <ConfirmButton
                  key={q.id}
                  label="Discard Draft"
                  title={q.revision > 1 ? `Discard revision ${q.revision}?` : 'Discard this draft?'}
                  text={
                    q.revision > 1
                      ? 'Its changes are deleted. The quote the client was sent stays as it is.'
                      : 'It was never sent: it is deleted with its lines.'
                  }
                  confirmLabel="Discard Draft"
                  pending={discard.isPending}
                  error={discard.error}
                  onConfirm={() => void discardDraft(q.id)}
                />
              </>
            )}
          </>
        ) : (
          <>
            <QuoteView quote={q} />
            {(q.status === 'sent' || q.status === 'viewed') && (
              <Group gap="xs" align="flex-start">
                <CopyClientLink key={`copy-${q.id}`} quote={q} />
                <MarkApprovedButton key={`mark-${q.id}`} quote={q} clientName={clientName} />
              </Group>
            )}
            {(q.status === 'sent' || q.status === 'viewed') && <SendPanel quote={q} clientName={clientName} onSent={setSentTo} />}
            {q.draft_revision_id ? (
              // One draft revision at a time: this quote stays live (the client may still approve it) until it is sent.
              <Alert color="blue" title="A draft revision exists">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">The client keeps this quote until you send the revision.</Text>
                  <Button variant="light" onClick={() => setCurrentId(q.draft_revision_id)}>
                    Open Draft Revision
                  </Button>
                </Stack>
              </Alert>
            ) : (
              ['sent', 'viewed', 'expired', 'declined', 'withdrawn'].includes(q.status) && (
                <Button variant="light" loading={revise.isPending} onClick={() => revise.mutate(q.id, { onSuccess: (next) => setCurrentId(next.id) })}>
                  Revise (new revision)
                </Button>
              )
            )}
            {revise.error && <Alert color="red">{errorText(revise.error)}</Alert>}
            {(q.status === 'sent' || q.status === 'viewed') && (
              <ConfirmButton
                key={q.id}
                label="Withdraw Quote"
                title="Withdraw this quote?"
                text="The client’s link will stop working: it will say the quote was withdrawn, and it can no longer be approved or declined. You can revise it afterwards and send a new version."
                confirmLabel="Withdraw Quote"
                pending={withdraw.isPending}
                error={withdraw.error}
                onConfirm={() => withdraw.mutate(q.id)}
              />
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}

