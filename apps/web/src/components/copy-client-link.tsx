import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * Copy Client Link (the client's side, one home: quotes, invoices): a fresh signed link from the server, put on the
 * clipboard — the page the client was sent, for a text from the contractor's own phone. Where the clipboard refuses
 * (no permission, an insecure page), the link shows selected, to copy by hand.
 */
export function CopyClientLink({
  getLink,
  pending,
  error,
  copiedText = 'Link copied.',
  manualText = 'Copy this link:',
}: {
  /** Asks the server for a fresh link; null when it failed (`error` says why). */
  getLink: () => Promise<string | null>;
  pending: boolean;
  error: string | null;
  copiedText?: string;
  manualText?: string;
}) {
  const [copied, setCopied] = useState<{ link: string; isOnClipboard: boolean } | null>(null);
  const copy = async () => {
    setCopied(null);
    const link = await getLink();
    if (!link) return;
    const isOnClipboard = await Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(
        () => true,
        () => false,
      );
    setCopied({ link, isOnClipboard });
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="light" onClick={() => void copy()} loading={pending}>
        Copy Client Link
      </Button>
      {copied && (
        <>
          <Text size="sm" c={copied.isOnClipboard ? 'green' : undefined}>
            {copied.isOnClipboard ? copiedText : manualText}
          </Text>
          <TextInput aria-label="Client link" value={copied.link} readOnly onFocus={(e) => e.currentTarget.select()} w="100%" />
        </>
      )}
      {error && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
