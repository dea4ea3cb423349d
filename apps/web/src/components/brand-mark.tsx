import { Group, Text } from '@mantine/core';

/** The Fieldbook mark: a bookmarked field notebook. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-fieldbook-7)" />
      <path d="M10 8h9.5a2.5 2.5 0 0 1 2.5 2.5V24l-3-2-3 2V11H10z" fill="#fff" opacity=".55" />
      <path d="M9 8.5A1.5 1.5 0 0 1 10.5 7H18v17l-3-2-3 2H10.5A1.5 1.5 0 0 1 9 22.5z" fill="#fff" />
      <path d="M12 12h3.5M12 15h3.5" stroke="var(--mantine-color-fieldbook-7)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function BrandLogo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={size} />
      <Text component="span" fw={800} fz={size * 0.62} lts={-0.3} c={inverted ? 'white' : undefined} style={{ lineHeight: 1 }}>
        Fieldbook
      </Text>
    </Group>
  );
}
