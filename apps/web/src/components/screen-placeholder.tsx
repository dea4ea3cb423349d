import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

type ScreenPlaceholderProps = {
  title: string;
  description: string;
  icon: ReactNode;
  /** What will be listed here, as a neutral empty state. */
  emptyTitle: string;
  emptyText: string;
};

/** The frame of a screen whose content comes with a later issue: its title and a neutral empty state. */
export function ScreenPlaceholder({ title, description, icon, emptyTitle, emptyText }: ScreenPlaceholderProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder p={{ base: 'lg', sm: 48 }}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Text fw={600} size="lg">
            {emptyTitle}
          </Text>
          <Text c="dimmed" size="sm" maw={420}>
            {emptyText}
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
