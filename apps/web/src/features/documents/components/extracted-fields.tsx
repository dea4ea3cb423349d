import { Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import type { Document } from '@fieldbook/contract';

const FIELD_LABELS: Array<[string, string]> = [
  ['client_name', 'Client'],
  ['property_address', 'Property address'],
  ['claim_number', 'Claim number'],
  ['dates', 'Dates'],
  ['amounts', 'Amounts'],
  ['total', 'Total'],
  ['document_number', 'Document number'],
];

function formatField(key: string, value: unknown): string {
  const money = (n: unknown) => (typeof n === 'number' ? n.toLocaleString('en-US', { style: 'currency', currency: 'USD' }) : String(n));
  if (key === 'amounts' && Array.isArray(value)) return value.map(money).join(', ');
  if (key === 'total') return money(value);
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** What processing found (or a generated document was written with): client, address, claim, dates, amounts. */
export function ExtractedFields({ doc }: { doc: Document }) {
  const data = (doc.metadata.extracted_data ?? {}) as Record<string, unknown>;
  const unavailable = typeof doc.metadata.text_unavailable === 'string' ? doc.metadata.text_unavailable : null;
  const ocr = doc.metadata.ocr as { engine?: string; pages?: number; confidence?: number } | undefined;
  const rows = FIELD_LABELS.filter(([key]) => data[key] !== undefined && data[key] !== null);
  return (
    <Paper withBorder p="sm">
      <Title order={3} fz="md" mb="xs">
        Extracted fields
      </Title>
      {doc.status === 'processing' ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Reading the document…</Text>
        </Group>
      ) : unavailable ? (
        <Text size="sm" c="dimmed">
          No text was extracted: {unavailable}.
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No client, address, claim number, dates or amounts were found in this document.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map(([key, label]) => (
              <Table.Tr key={key}>
                <Table.Th w={150}>{label}</Table.Th>
                <Table.Td data-testid={`field-${key}`}>{formatField(key, data[key])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {ocr?.engine && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="ocr-note">
          Read by text recognition ({ocr.engine}) from {ocr.pages === 1 ? 'one page' : `${ocr.pages} pages`}, {ocr.confidence}% confidence: check names and numbers against the original.
        </Text>
      )}
    </Paper>
  );
}
