import type { Quote } from '@fieldbook/contract';
import { CopyClientLink as CopyLink } from '../../../components/copy-client-link';
import { useQuoteClientLink } from '../api/get-client-link';
import { errorText } from './quote-errors';

/** Copy Client Link on a sent or viewed quote (issue 32 item 9): the link works until the quote expires. */
export function CopyClientLink({ quote }: { quote: Quote }) {
  const clientLink = useQuoteClientLink();
  return (
    <CopyLink
      getLink={() => clientLink.mutateAsync(quote.id).then((a) => a.link, () => null)}
      pending={clientLink.isPending}
      error={clientLink.error ? errorText(clientLink.error) : null}
      copiedText={`Link copied. It works until ${quote.expires_on}.`}
      manualText={`Copy this link (it works until ${quote.expires_on}):`}
    />
  );
}
