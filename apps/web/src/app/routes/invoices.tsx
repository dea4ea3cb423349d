import { Title } from '@mantine/core';
import { ReceivablesPanels } from '../../features/analytics';
import { InvoicesScreen } from '../../features/invoices';

/** /invoices: the workspace's invoices, then its A/R aging and payments received (the Analytics page is for admins only). */
export default function InvoicesPage() {
  return (
    <>
      <InvoicesScreen />
      <Title order={2} fz="lg" mt="xl" mb="sm">
        Receivables
      </Title>
      <ReceivablesPanels />
    </>
  );
}
