import { CLIENT_MESSAGE_PLACEHOLDER_HELP, CLIENT_MESSAGE_PLACEHOLDERS, type ClientMessageRule, type ClientMessageTemplate } from '@fieldbook/contract';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useRef, type ChangeEvent } from 'react';
import { insertAt, previewText } from '../lib/preview';

type Field = keyof ClientMessageTemplate;

/**
 * A rule's three templates (the text, the email's subject and body), the placeholders it may use — a click inserts
 * one where the caret was in the field last typed in — and a live preview with sample values.
 */
export function TemplateFields({
  rule,
  template,
  onChange,
  errors,
  readOnly,
  reviewLink,
}: {
  rule: ClientMessageRule;
  template: ClientMessageTemplate;
  onChange: (template: ClientMessageTemplate) => void;
  errors: (field: Field) => string | undefined;
  readOnly: boolean;
  reviewLink: string | null;
}) {
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const lastField = useRef<Field>('sms');
  const insert = (name: string) => {
    const field = lastField.current;
    const input = inputs.current[field];
    const { text, caret } = insertAt(template[field], `{${name}}`, input?.selectionStart ?? null, input?.selectionEnd ?? null);
    onChange({ ...template, [field]: text });
    // Back into the field, the caret after what was inserted, once React has written the new value.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(caret, caret);
    });
  };
  const common = (field: Field) => ({
    value: template[field],
    error: errors(field),
    readOnly,
    onFocus: () => (lastField.current = field),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ ...template, [field]: e.currentTarget.value }),
  });
  const link = rule === 'review_request' ? reviewLink : null;
  return (
    <Stack gap="xs">
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {readOnly ? 'Placeholders' : 'Placeholders (click to insert)'}
        </Text>
        <Group gap={6}>
          {CLIENT_MESSAGE_PLACEHOLDERS[rule].map((name) => (
            <Tooltip key={name} label={CLIENT_MESSAGE_PLACEHOLDER_HELP[name] ?? name} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
              {readOnly ? (
                <Badge variant="light" ff="monospace" tt="none" tabIndex={0}>
                  {`{${name}}`}
                </Badge>
              ) : (
                // Pressing it keeps the caret in the field typed in last (no focus taken), then inserts there.
                <Button size="compact-xs" variant="light" ff="monospace" onMouseDown={(e) => e.preventDefault()} onClick={() => insert(name)}>
                  {`{${name}}`}
                </Button>
              )}
            </Tooltip>
          ))}
        </Group>
      </Stack>
      <Textarea label="Text message" autosize minRows={2} {...common('sms')} ref={(el) => void (inputs.current.sms = el)} />
      <TextInput label="Email subject" {...common('email_subject')} ref={(el) => void (inputs.current.email_subject = el)} />
      <Textarea label="Email body" autosize minRows={4} maxRows={12} {...common('email_body')} ref={(el) => void (inputs.current.email_body = el)} />
      <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-gray-light)" aria-label="Preview">
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            Preview with sample values
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={`preview-sms-${rule}`}>
            {previewText(template.sms, link)}
          </Text>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={`preview-subject-${rule}`}>
            {previewText(template.email_subject, link)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {previewText(template.email_body, link)}
          </Text>
          <Text size="xs" c="dimmed">
            Texts end with “Reply STOP to opt out.”; emails end with a link to stop automatic emails.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
