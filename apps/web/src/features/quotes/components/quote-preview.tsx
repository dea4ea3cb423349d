import type { Quote } from '@fieldbook/contract';
import { Button, Group, Loader, Modal } from '@mantine/core';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useQuotePreview } from '../api/get-quote-preview';
import { PublicQuoteContent } from './public-quote-screen';

function PreviewBody({ quote }: { quote: Quote }) {
  const preview = useQuotePreview(quote.id, true);
  if (preview.isError) return <LoadError error={preview.error} onRetry={() => void preview.refetch()} isRetrying={preview.isFetching} title="Could not load the preview" />;
  if (!preview.data) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  return <PublicQuoteContent q={preview.data} token={null} />;
}

/**
 * Preview as Client (issue 32 item 9): the homeowner's page of this quote, rendered from the contractor's own data
 * (GET /api/quotes/:id/preview) — no link is made and no view is counted; read-only.
 */
export function PreviewAsClientButton({ quote }: { quote: Quote }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="subtle" onClick={() => setOpened(true)} w="fit-content">
        Preview as Client
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} fullScreen title={`Quote ${quote.number} as the client sees it`}>
        {opened && <PreviewBody quote={quote} />}
      </Modal>
    </>
  );
}
