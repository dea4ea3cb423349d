import type { Quote } from '@fieldbook/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { fetchQuotePdf } from '../api/get-quote-pdf';
import { errorText } from './quote-errors';

/**
 * Print / PDF (issue 32 item 9): the quote as a PDF marked "Not signed", opened in a new tab to print or save. The tab
 * is opened at the press (a tab opened after the download would be blocked as a pop-up) and pointed at the file once
 * it is here; where no tab opens (blocked, the phone app), the file is saved instead.
 */
export function PrintQuoteButton({ quote }: { quote: Quote }) {
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const print = async () => {
    setError(null);
    setIsLoading(true);
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await fetchQuotePdf(quote.id));
      if (tab) tab.location.href = url;
      else {
        const link = document.createElement('a');
        link.href = url;
        link.download = `Quote ${quote.number} (not signed).pdf`;
        document.body.append(link);
        link.click();
        link.remove();
      }
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      tab?.close();
      setError(err);
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <Stack gap={2}>
      <Button variant="subtle" onClick={() => void print()} loading={isLoading} w="fit-content">
        Print / PDF
      </Button>
      {error !== null && (
        <Text size="xs" c="red">
          {errorText(error)}
        </Text>
      )}
    </Stack>
  );
}
