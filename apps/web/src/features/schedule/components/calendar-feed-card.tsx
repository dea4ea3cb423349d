import { Alert, Button, CopyButton, Flex, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useCalendarFeed, useRemoveCalendarFeed, useResetCalendarFeed } from '../api/calendar-feed';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
const madeOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The feed as a calendar app subscribes to it: webcal:// for Apple Calendar, Google's "add by URL" link. */
export function subscribeLinks(url: string): { apple: string; google: string } {
  const webcal = url.replace(/^https?:\/\//, 'webcal://');
  return { apple: webcal, google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}` };
}

/**
 * My visits in Google or Apple Calendar (issue 34): a personal ICS feed by a secret link. The server keeps only the
 * link's hash, so its URL is shown once, when made; Reset link makes a new one (the old stops working at once), Turn off
 * ends it.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const [isConfirmingReset, setConfirmingReset] = useState(false);
  const url = reset.data?.url ?? null;
  const error = reset.error ?? remove.error;

  const makeLink = () => {
    setConfirmingReset(false);
    remove.reset();
    reset.mutate();
  };
  const turnOff = () => {
    reset.reset();
    remove.mutate();
  };

  return (
    <Paper withBorder p="md" component="section" aria-label="Calendar subscription">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarShare size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} fz="md">
            Subscribe in Google or Apple Calendar
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Your visits in your own calendar app, kept up to date. The link is private: anyone who has it sees your visits.
        </Text>
        {feed.isPending ? (
          <Skeleton height={36} />
        ) : feed.isError ? (
          <Text size="sm" c="dimmed">
            The calendar link cannot be loaded now ({errorText(feed.error)}).
          </Text>
        ) : url ? (
          <Stack gap="xs">
            {/* At 390 px the link beside Copy link showed 'http://127.0.0.1:31': there the button goes under it. */}
            <Flex gap="xs" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }}>
              <TextInput label="Your calendar link" value={url} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant={copied ? 'light' : 'filled'} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy} style={{ flexShrink: 0 }}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Flex>
            {/* Buttons, not small text links: on a phone they are what a thumb taps. */}
            <Group gap="xs" wrap="wrap">
              <Button component="a" href={subscribeLinks(url).google} target="_blank" rel="noreferrer" variant="light" leftSection={<IconBrandGoogle size={16} />}>
                Add to Google Calendar
              </Button>
              <Button component="a" href={subscribeLinks(url).apple} variant="light" leftSection={<IconBrandApple size={16} />}>
                Open in Apple Calendar
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              This link is shown only now. Lost it? Reset the link to get a new one.
            </Text>
          </Stack>
        ) : feed.data.active ? (
          <Text size="sm">Your calendar link is on (made {madeOn(feed.data.created_at ?? new Date().toISOString())}). It is shown only when it is made: reset it to see a new one.</Text>
        ) : (
          <Group>
            <Button onClick={makeLink} loading={reset.isPending}>
              Get my calendar link
            </Button>
          </Group>
        )}
        {feed.data?.active && !isConfirmingReset && (
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setConfirmingReset(true)} loading={reset.isPending}>
              Reset link
            </Button>
            <Button variant="subtle" color="red" onClick={turnOff} loading={remove.isPending}>
              Turn off
            </Button>
          </Group>
        )}
        {isConfirmingReset && (
          <Alert color="yellow" title="Reset the calendar link?">
            <Stack gap="xs">
              <Text size="sm">The current link stops working at once: calendars subscribed to it stop updating until you add the new one.</Text>
              <Group gap="xs" justify="flex-end">
                <Button variant="default" size="xs" onClick={() => setConfirmingReset(false)}>
                  Keep it
                </Button>
                <Button size="xs" onClick={makeLink}>
                  Make a new link
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
