import { ActionIcon, Autocomplete, Checkbox, Group, NativeSelect, Paper, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { usePriceBook } from '../api/get-price-book';
import { centsToDollars, type ItemDraft, type QuoteFieldErrors } from '../lib/quote-form';

/** One line: name (the price book suggests items used before), quantity, unit, unit price, and where it belongs. */
function ItemRow({ item, options, errors, onChange, onRemove, index }: { item: ItemDraft; options: string[]; errors: QuoteFieldErrors; onChange: (next: ItemDraft) => void; onRemove: () => void; index: number }) {
  const errorOf = (field: string) => errors[`items.${item.key}.${field}`];
  const [typed, setTyped] = useState('');
  const book = usePriceBook(typed);
  const suggestions = book.data?.items ?? [];
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Autocomplete
            label={`Item ${index + 1}`}
            placeholder="Item name"
            value={item.name}
            error={errorOf('name')}
            data={suggestions.map((s) => s.name)}
            onChange={(name) => {
              setTyped(name);
              const used = suggestions.find((s) => s.name === name);
              onChange(used ? { ...item, name, description: used.description, unit: used.unit, price: centsToDollars(used.unit_price_cents), taxable: used.taxable } : { ...item, name });
            }}
            style={{ flex: '2 1 14rem' }}
          />
          <TextInput label="Section" placeholder="e.g. Roofing" value={item.section} error={errorOf('section')} onChange={(e) => onChange({ ...item, section: e.currentTarget.value })} style={{ flex: '1 1 8rem' }} />
        </Group>
        <TextInput placeholder="Description (optional)" aria-label={`Item ${index + 1} description`} value={item.description} error={errorOf('description')} onChange={(e) => onChange({ ...item, description: e.currentTarget.value })} />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label="Qty" inputMode="decimal" value={item.quantity} error={errorOf('quantity')} onChange={(e) => onChange({ ...item, quantity: e.currentTarget.value })} w={80} />
          <TextInput label="Unit" placeholder="sq, ft, ea" value={item.unit} error={errorOf('unit')} onChange={(e) => onChange({ ...item, unit: e.currentTarget.value })} w={90} />
          <TextInput label="Unit price ($)" inputMode="decimal" value={item.price} error={errorOf('price')} onChange={(e) => onChange({ ...item, price: e.currentTarget.value })} w={120} />
          {options.length > 0 && (
            <NativeSelect
              label="In"
              value={item.option}
              error={errorOf('option')}
              onChange={(e) => onChange({ ...item, option: e.currentTarget.value })}
              data={[{ value: '', label: 'Every option' }, ...options.map((o, i) => ({ value: String(i), label: o || `Option ${i + 1}` }))]}
              w={140}
            />
          )}
          {/* At the end of the row (on a phone, beside "In"): no line of its own. */}
          <ActionIcon variant="subtle" color="red" size="lg" ml="auto" aria-label={`Remove item ${index + 1}`} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        <Group gap="md">
          <Checkbox label="Taxable" checked={item.taxable} onChange={(e) => onChange({ ...item, taxable: e.currentTarget.checked })} />
          <Checkbox label="Optional (client may add)" checked={item.optional} onChange={(e) => onChange({ ...item, optional: e.currentTarget.checked })} />
        </Group>
      </Stack>
    </Paper>
  );
}

export function QuoteItemsEditor({ items, options, errors = {}, onChange }: { items: ItemDraft[]; options: string[]; errors?: QuoteFieldErrors; onChange: (items: ItemDraft[]) => void }) {
  return (
    <Stack gap="xs">
      {items.map((item, i) => (
        <ItemRow
          key={item.key}
          index={i}
          item={item}
          options={options}
          errors={errors}
          onChange={(next) => onChange(items.map((x) => (x.key === item.key ? next : x)))}
          onRemove={() => onChange(items.filter((x) => x.key !== item.key))}
        />
      ))}
    </Stack>
  );
}
