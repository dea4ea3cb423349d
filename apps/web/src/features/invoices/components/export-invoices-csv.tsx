import { EXPORT_RANGE_ORDER } from '@fieldbook/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadInvoiceCsv, type CsvKind } from '../api/download-invoice-csv';
import { errorText } from './errors';

/** Today as 'YYYY-MM-DD' on this device's calendar. */
function todayHere(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Export CSV (for the accountant): a range of days — the workspace's days, as the server counts them — and a file of
 * the invoices issued in it, or of the payments and refunds received in it.
 */
export function ExportInvoicesCsv() {
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState(() => `${todayHere().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(todayHere);
  const [busy, setBusy] = useState<CsvKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const badRange = from && to && from > to ? EXPORT_RANGE_ORDER : null;
  const download = async (kind: CsvKind) => {
    setBusy(kind);
    setError(null);
    try {
      await downloadInvoiceCsv(kind, { from, to });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setOpened(true)}>
        Export CSV
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Export for your accountant">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Invoices issued, or payments and refunds received, from the first day to the last (both included), in your workspace’s time zone.
          </Text>
          <Group grow gap="sm">
            <TextInput type="date" label="First day" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <TextInput type="date" label="Last day" value={to} onChange={(e) => setTo(e.currentTarget.value)} error={badRange} />
          </Group>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group gap="sm" grow>
            <Button leftSection={<IconDownload size={16} />} disabled={!from || !to || Boolean(badRange)} loading={busy === 'invoices'} onClick={() => void download('invoices')}>
              Invoices CSV
            </Button>
            <Button leftSection={<IconDownload size={16} />} disabled={!from || !to || Boolean(badRange)} loading={busy === 'payments'} onClick={() => void download('payments')}>
              Payments CSV
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
