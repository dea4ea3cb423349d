import { CLIENT_MESSAGE_RULE_LABELS, MAX_QUOTE_FOLLOW_UPS, type ClientMessageRule, type ClientMessageRules } from '@fieldbook/contract';
import { Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { TemplateFields } from './template-fields';

/** When each rule's message goes, in words (its timing inputs say by how much). */
const WHEN: Record<ClientMessageRule, string> = {
  visit_booked: 'When a visit is scheduled for the client’s job.',
  visit_moved: 'When a scheduled visit moves to another day or time.',
  visit_reminder: 'Before each visit.',
  on_my_way: 'When the crew taps On my way. Skipped, not delayed, at night.',
  quote_follow_up: `After a quote is sent, while the client has not approved or declined it (at most ${MAX_QUOTE_FOLLOW_UPS}).`,
  review_request: 'Once per job, after it is completed: asks the client for a review.',
};

/** A number input's value as the form keeps it: a number, or NaN while empty (the contract's check names it). */
const num = (v: string | number) => (typeof v === 'number' ? v : Number.NaN);

type Props<R extends ClientMessageRule> = {
  rule: R;
  value: ClientMessageRules[R];
  onChange: (value: ClientMessageRules[R]) => void;
  reviewLink: string;
  onReviewLinkChange: (link: string) => void;
  error: (path: string) => string | undefined;
  readOnly: boolean;
};

/** One rule: on/off, its timing, and its templates (behind "Edit messages", so the page stays short on a phone). */
export function RuleCard<R extends ClientMessageRule>({ rule, value, onChange, reviewLink, onReviewLinkChange, error, readOnly }: Props<R>) {
  const [isEditing, setEditing] = useState(false);
  const label = CLIENT_MESSAGE_RULE_LABELS[rule];
  const at = (field: string) => error(`rules.${rule}.${field}`);
  const set = (patch: Partial<ClientMessageRules[R]>) => onChange({ ...value, ...patch });
  // A refused template opens the messages, so its error is seen on its field.
  const isOpen = isEditing || ['sms', 'email_subject', 'email_body'].some((f) => at(`template.${f}`) !== undefined);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Title order={4} fz={15}>
              {label}
            </Title>
            <Text size="xs" c="dimmed">
              {WHEN[rule]}
            </Text>
          </Stack>
          <Switch aria-label={`Send “${label}”`} checked={value.enabled} disabled={readOnly} onChange={(e) => set({ enabled: e.currentTarget.checked } as Partial<ClientMessageRules[R]>)} />
        </Group>
        <Timing rule={rule} value={value} set={set} at={at} readOnly={readOnly} reviewLink={reviewLink} onReviewLinkChange={onReviewLinkChange} reviewLinkError={error('review_link')} />
        <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} onClick={() => setEditing(!isOpen)} aria-expanded={isOpen}>
          {isOpen ? 'Hide messages' : readOnly ? 'Show messages' : 'Edit messages'}
        </Button>
        {isOpen && (
          <TemplateFields
            rule={rule}
            template={value.template}
            onChange={(template) => set({ template } as Partial<ClientMessageRules[R]>)}
            errors={(field) => at(`template.${field}`)}
            readOnly={readOnly}
            reviewLink={reviewLink.trim() || null}
          />
        )}
      </Stack>
    </Paper>
  );
}

function Timing<R extends ClientMessageRule>({
  rule,
  value,
  set,
  at,
  readOnly,
  reviewLink,
  onReviewLinkChange,
  reviewLinkError,
}: {
  rule: R;
  value: ClientMessageRules[R];
  set: (patch: Partial<ClientMessageRules[R]>) => void;
  at: (field: string) => string | undefined;
  readOnly: boolean;
  reviewLink: string;
  onReviewLinkChange: (link: string) => void;
  reviewLinkError: string | undefined;
}) {
  const patch = set as (p: Record<string, unknown>) => void;
  const v = value as Record<string, unknown>;
  if (rule === 'visit_reminder') {
    return <NumberInput label="Hours before the visit" min={1} max={168} maw={220} value={v.hours_before as number} onChange={(n) => patch({ hours_before: num(n) })} error={at('hours_before')} readOnly={readOnly} />;
  }
  if (rule === 'quote_follow_up') {
    const second = v.second_after_days as number | null;
    return (
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <NumberInput label="First follow-up (days after sending)" min={1} max={60} value={v.first_after_days as number} onChange={(n) => patch({ first_after_days: num(n) })} error={at('first_after_days')} readOnly={readOnly} />
          {second !== null && (
            <NumberInput label="Second follow-up (days after sending)" min={2} max={90} value={second} onChange={(n) => patch({ second_after_days: num(n) })} error={at('second_after_days')} readOnly={readOnly} />
          )}
        </SimpleGrid>
        <Checkbox
          label="Send a second follow-up"
          checked={second !== null}
          disabled={readOnly}
          onChange={(e) => patch({ second_after_days: e.currentTarget.checked ? Math.max(7, (v.first_after_days as number) + 1) : null })}
        />
      </Stack>
    );
  }
  if (rule === 'review_request') {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <NumberInput label="Days after the job is completed" description="0: the same day" min={0} max={30} value={v.after_days as number} onChange={(n) => patch({ after_days: num(n) })} error={at('after_days')} readOnly={readOnly} />
        <TextInput
          label="Your review link"
          description="e.g. your Google review page"
          placeholder="https://"
          value={reviewLink}
          onChange={(e) => onReviewLinkChange(e.currentTarget.value)}
          error={reviewLinkError}
          readOnly={readOnly}
        />
      </SimpleGrid>
    );
  }
  return null;
}
