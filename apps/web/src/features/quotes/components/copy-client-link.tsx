import type { Quote } from '@fieldbook/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useQuoteClientLink } from '../api/get-client-link';
import { errorText } from './quote-errors';

/**
 * Copy Client Link, on a sent or viewed quote (issue 32 item 9): a fresh signed link from the server, put on the
 * clipboard — the same page the client was sent, for a text from the contractor's own phone. Where the clipboard
 * refuses (no permission, an insecure page), the link shows selected, to copy by hand.
 */
export function CopyClientLink({ quote }: { quote: Quote }) {
  const clientLink = useQuoteClientLink();
  const [copied, setCopied] = useState<{ link: string; isOnClipboard: boolean } | null>(null);
  const copy = async () => {
    setCopied(null);
    const answer = await clientLink.mutateAsync(quote.id).catch(() => null);
    if (!answer) return;
    const isOnClipboard = await Promise.resolve()
      .then(() => navigator.clipboard.writeText(answer.link))
      .then(
        () => true,
        () => false,
      );
    setCopied({ link: answer.link, isOnClipboard });
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="light" onClick={() => void copy()} loading={clientLink.isPending}>
        Copy Client Link
      </Button>
      {copied && (
        <>
          <Text size="sm" c={copied.isOnClipboard ? 'green' : undefined}>
            {copied.isOnClipboard ? `Link copied. It works until ${quote.expires_on}.` : `Copy this link (it works until ${quote.expires_on}):`}
          </Text>
          <TextInput aria-label="Client link" value={copied.link} readOnly onFocus={(e) => e.currentTarget.select()} w="100%" />
        </>
      )}
      {clientLink.error && <Alert color="red">{errorText(clientLink.error)}</Alert>}
    </Stack>
  );
}
