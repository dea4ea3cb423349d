import { Box, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-mark';
import { BriefcaseIcon, FileTextIcon, PhoneCallIcon } from '../../../components/light-icons';
import classes from './auth-frame.module.css';

const HIGHLIGHTS = [
  { icon: BriefcaseIcon, text: 'Jobs and tasks your whole crew can act on' },
  { icon: FileTextIcon, text: 'Contracts, estimates and invoices filed with each job' },
  { icon: PhoneCallIcon, text: 'Client calls recorded, transcribed and searchable' },
];

/** The frame of the public auth pages: a brand panel on wide screens, the form on its own on phones. */
export function AuthFrame({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.root}>
      <aside className={classes.aside}>
        <BrandLogo size={36} inverted />
        <Stack gap="xl" maw={440} style={{ position: 'relative', zIndex: 1 }}>
          <Title order={2} c="white" fz={34} lh={1.2}>
            Every job, task and call in one place.
          </Title>
          <ul className={classes.highlights}>
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text}>
                <span className={classes.highlightIcon}>
                  <Icon size={18} />
                </span>
                <Text c="white" fw={500}>
                  {text}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
        <Text size="sm" c="rgba(255,255,255,0.7)" style={{ position: 'relative', zIndex: 1 }}>
          Built for contractors and their crews.
        </Text>
      </aside>
      <main className={classes.main}>
        <Box className={classes.panel}>
          <Box className={classes.mobileLogo}>
            <BrandLogo size={34} />
          </Box>
          <Stack gap={6} mb="xl">
            <Title order={1} fz={28}>
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {children}
        </Box>
      </main>
    </div>
  );
}
