import type { Quote } from '@fieldbook/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useJobSelect } from '../../tasks';
import { useDuplicateQuote } from '../api/duplicate-quote';
import { errorText } from './quote-errors';

/**
 * Duplicate (issue 32 item 9): any quote copied onto a job of the workspace — the job picker the task dialogs use —
 * as a new draft with the same options, items and terms. The copy then opens on its job (`?quote=`), to edit and send.
 */
export function DuplicateQuoteButton({ quote }: { quote: Quote }) {
  const [opened, setOpened] = useState(false);
  const jobSelect = useJobSelect({ enabled: opened });
  const duplicate = useDuplicateQuote();
  const navigate = useNavigate();
  const close = () => {
    setOpened(false);
    jobSelect.reset();
    duplicate.reset();
  };
  const run = async (jobId: string) => {
    const copy = await duplicate.mutateAsync({ id: quote.id, jobId }).catch(() => null);
    if (!copy) return;
    close();
    // The job's Quotes panel opens the copy from the link (on this job or another), as a notification's link does.
    void navigate(`/jobs/${copy.job_id}?quote=${copy.id}`);
  };
  const job = jobSelect.chosen;
  return (
    <>
      <Button variant="subtle" onClick={() => setOpened(true)} w="fit-content">
        Duplicate
      </Button>
      <Modal opened={opened} onClose={close} title={`Duplicate quote ${quote.number}`}>
        <Stack gap="sm">
          <Text size="sm">A new draft with the same options, items and terms, on the job you choose. This quote stays as it is.</Text>
          <Select label="Job" placeholder="Search jobs" {...jobSelect.selectProps} onChange={(value, option) => jobSelect.choose(value, option)} />
          {duplicate.error && <Alert color="red">{errorText(duplicate.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={duplicate.isPending}>
              Cancel
            </Button>
            <Button disabled={!job} loading={duplicate.isPending} onClick={() => job && void run(job.value)}>
              Duplicate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
