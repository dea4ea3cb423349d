import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { contactAddress, NO_CONTACT_SELECTED, noValidRecipientsMessage, type Contact, type Delivery, type GeneratedDocumentType, type LineItem, type SendMethod } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { ContactPickerList } from '../../contacts';
import { useGenerateJobDocument, useGenerateTaskDocument, useSendDocument, useSendTaskNotification } from '../api/document-sending';
import { documentTypeLabel } from '../lib/document-labels';
import { sendErrorMessage } from '../lib/document-errors';
import { completeLines, draftLine, LineItemsEditor, type DraftLine } from './line-items-editor';

/** What the modal sends: a new document of a job, a task's work order, a stored document, or a job's tasks. */
export type SendTarget =
  | { kind: 'generate'; jobId: string; jobName: string; docType: GeneratedDocumentType; savedLines?: LineItem[]; taskDescriptions?: string[] }
  | { kind: 'work_order'; jobId: string; taskId: string; taskName: string }
  | { kind: 'document'; documentId: string; name: string }
  | { kind: 'tasks'; jobId: string; jobName: string; taskIds?: string[] };

const PRICED: readonly GeneratedDocumentType[] = ['estimate', 'invoice', 'contract', 'permit'];

function titleOf(target: SendTarget): string {
  switch (target.kind) {
    case 'generate':
      return `${documentTypeLabel(target.docType)} for ${target.jobName}`;
    case 'work_order':
      return `Work Order: ${target.taskName}`;
    case 'document':
      return `Send ${target.name}`;
    case 'tasks':
      return `Send Tasks: ${target.jobName}`;
  }
}

/** Contacts with the address the method needs (spec 001 §5: a phone for SMS, an email for email). */
/** The contract's rule, the one the server's delivery uses: who can be reached by this method. */
const reachable = (contacts: Contact[], method: SendMethod) => contacts.filter((c) => contactAddress(c, method) !== null);

function deliveryNotice(d: Delivery): string {
  const names = d.sent_to.map((r) => r.name).join(', ');
  const skipped = d.skipped.length ? ` (not sent to ${d.skipped.map((s) => `${s.name}: ${s.reason.toLowerCase()}`).join(', ')})` : '';
  return `Sent by ${d.method === 'sms' ? 'SMS' : 'email'} to ${names}${skipped}`;
}

/**
 * The jobs dashboard's send modal (spec 001 §2, §5, §8): choose contacts and SMS or email; for a new document also
 * its priced lines, and "Generate only" to store it without sending.
 */
export function SendModal({ target, onClose, onDone }: { target: SendTarget | null; onClose: () => void; onDone?: (documentId: string | null) => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [method, setMethod] = useState<SendMethod>('email');
  const [ids, setIds] = useState<string[]>([]);
  const [chosen, setChosen] = useState<Contact[]>([]);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ message: string; detail: string | null } | null>(null);
  const generateJob = useGenerateJobDocument();
  const generateTask = useGenerateTaskDocument();
  const sendDocument = useSendDocument();
  const sendTasks = useSendTaskNotification();
  const isBusy = generateJob.isPending || generateTask.isPending || sendDocument.isPending || sendTasks.isPending;

  // Each opening starts afresh, with the job's saved prices when it has them.
  useEffect(() => {
    if (!target) return;
    setIds([]);
    setChosen([]);
    setNote('');
    setProblem(null);
    setLines(target.kind === 'generate' && target.savedLines?.length ? target.savedLines.map(draftLine) : []);
  }, [target]);

  if (!target) return null;
  const isGenerating = target.kind === 'generate' || target.kind === 'work_order';
  const showLines = target.kind === 'generate' && PRICED.includes(target.docType);

  const submit = async (send: boolean) => {
    setProblem(null);
    let lineItems: LineItem[] | undefined;
    if (showLines) {
      const complete = completeLines(lines);
      if ('error' in complete) return setProblem({ message: complete.error, detail: null });
      lineItems = complete.items.length ? complete.items : undefined;
    }
    let recipients: string[] = [];
    if (send) {
      if (ids.length === 0) return setProblem({ message: NO_CONTACT_SELECTED, detail: null });
      const valid = reachable(chosen, method);
      if (valid.length === 0) return setProblem({ message: noValidRecipientsMessage(method), detail: null });
      recipients = valid.map((c) => c.id);
    }
    const sending = send ? { recipients, send_method: method } : {};
    try {
      let documentId: string | null = null;
      let delivery: Delivery | null = null;
      if (target.kind === 'generate') {
        const r = await generateJob.mutateAsync({ jobId: target.jobId, docType: target.docType, body: { ...sending, ...(lineItems ? { line_items: lineItems } : {}) } });
        documentId = r.document.id;
        delivery = r.delivery;
        toast.success(`${documentTypeLabel(target.docType)} created: ${r.document.name}`);
      } else if (target.kind === 'work_order') {
        const r = await generateTask.mutateAsync({ taskId: target.taskId, body: { job_id: target.jobId, ...sending } });
        documentId = r.document.id;
        delivery = r.delivery;
        toast.success(`Work order created: ${r.document.name}`);
      } else if (target.kind === 'document') {
        delivery = await sendDocument.mutateAsync({ id: target.documentId, body: { recipients, send_method: method } });
        documentId = target.documentId;
      } else {
        delivery = await sendTasks.mutateAsync({ job_id: target.jobId, type: 'task_notification', recipients, method, content: note, tasks: target.taskIds ?? [] });
      }
      if (delivery) toast.success(deliveryNotice(delivery));
      onDone?.(documentId);
      onClose();
    } catch (err) {
      setProblem(sendErrorMessage(err));
    }
  };

  return (
    <Modal opened onClose={onClose} title={titleOf(target)} fullScreen={isPhone} size="lg">
      <Stack gap="md">
        {showLines && <LineItemsEditor lines={lines} onChange={setLines} taskDescriptions={target.kind === 'generate' ? (target.taskDescriptions ?? []) : []} />}
        {target.kind === 'tasks' && (
          <Textarea label="Message" description="Sent above the list of open tasks" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={2000} autosize minRows={2} />
        )}
        <Stack gap={6}>
          <Text size="sm" fw={500} id="send-method-label">
            Send by
          </Text>
          <SegmentedControl
            aria-labelledby="send-method-label"
            value={method}
            onChange={(v) => setMethod(v as SendMethod)}
            data={[
              { value: 'email', label: 'Email' },
              { value: 'sms', label: 'SMS' },
            ]}
          />
          <Text size="xs" c="dimmed">
            {target.kind === 'tasks'
              ? `The open tasks are listed in the ${method === 'email' ? 'email' : 'SMS'}.`
              : method === 'email'
                ? 'The PDF is attached to the email.'
                : 'The SMS carries a download link that works for 7 days.'}
          </Text>
        </Stack>
        <ContactPickerList
          label="Recipients"
          value={ids}
          onChange={(next, contacts) => {
            setIds(next);
            setChosen(contacts);
            setProblem(null);
          }}
        />
        {problem && (
          <Alert color="red" variant="light" role="alert" title={problem.message}>
            {problem.detail}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          {isGenerating && (
            <Button variant="light" onClick={() => void submit(false)} loading={isBusy}>
              Generate only
            </Button>
          )}
          <Button onClick={() => void submit(true)} loading={isBusy}>
            {isGenerating ? 'Generate and Send' : 'Send'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
