import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconMail, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A gallery link to hand over: Copy link (shown selected where the clipboard refuses), or open the phone's own email or
 * messages app with the link written in — the contractor sends it from their own address or number.
 */
export function GalleryLinkActions({ link }: { link: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    const ok = await Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(
        () => true,
        () => false,
      );
    setCopied(ok);
  };
  const message = `Photos of your job: ${link}`;
  return (
    <Stack gap={6}>
      <TextInput aria-label="Gallery link" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Group gap="xs">
        <Button size="compact-sm" variant="light" leftSection={<IconCopy size={14} />} onClick={() => void copy()}>
          Copy link
        </Button>
        <Button size="compact-sm" variant="default" leftSection={<IconMail size={14} />} component="a" href={`mailto:?subject=${encodeURIComponent('Job photos')}&body=${encodeURIComponent(message)}`}>
          Email
        </Button>
        <Button size="compact-sm" variant="default" leftSection={<IconMessage size={14} />} component="a" href={`sms:?&body=${encodeURIComponent(message)}`}>
          Text
        </Button>
      </Group>
      {copied !== null && (
        <Text size="sm" c={copied ? 'green' : undefined}>
          {copied ? 'Link copied.' : 'Copy this link from the box above.'}
        </Text>
      )}
    </Stack>
  );
}
