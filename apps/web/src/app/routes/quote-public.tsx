import { useParams } from 'react-router';
import { PublicQuoteScreen } from '../../features/quotes';
import { ShellProviders } from '../shell/shell-providers';

/** Public: the homeowner opens the texted or emailed quote link without an account (issue 27). */
export default function PublicQuotePage() {
  const { token = '' } = useParams();
  return (
    <ShellProviders>
      <PublicQuoteScreen token={token} />
    </ShellProviders>
  );
}
