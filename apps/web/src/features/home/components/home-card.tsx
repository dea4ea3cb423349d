import { Anchor, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type HomeCardProps = {
  title: string;
  icon: ReactNode;
  viewAllTo: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
};

/** One of the three home cards: a heading with View All, then up to 10 rows. */
export function HomeCard({ title, icon, viewAllTo, isEmpty, emptyText, children }: HomeCardProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} h="100%">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size={30} radius="md">
            {icon}
          </ThemeIcon>
          <Text fw={700}>{title}</Text>
        </Group>
        <Anchor component={Link} to={viewAllTo} size="sm" fw={600} aria-label={`View All ${title}`}>
          View All
        </Anchor>
      </Group>
      {isEmpty ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {emptyText}
        </Text>
      ) : (
        <Stack gap={0}>{children}</Stack>
      )}
    </Paper>
  );
}

/** A row of a home card: a link spanning the row, big enough to hit with a thumb. */
export function HomeRow({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      underline="never"
      c="var(--mantine-color-text)"
      py={10}
      px={4}
      data-testid={testId}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', display: 'block' }}
    >
      {children}
    </Anchor>
  );
}
