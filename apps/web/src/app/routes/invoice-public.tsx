import { useParams } from 'react-router';
import { PublicInvoiceScreen } from '../../features/invoices';
import { ShellProviders } from '../shell/shell-providers';

/** Public: the client opens the texted or emailed invoice link without an account (issue 33). */
export default function PublicInvoicePage() {
  const { token = '' } = useParams();
  return (
    <ShellProviders>
      <PublicInvoiceScreen token={token} />
    </ShellProviders>
  );
}
