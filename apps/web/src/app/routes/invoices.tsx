import { InvoicesScreen } from '../../features/invoices';

export default function InvoicesPage() {
  return <InvoicesScreen />;
}
