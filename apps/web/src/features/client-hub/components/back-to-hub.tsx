import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { hubPathOf } from '../lib/hub-return';

/**
 * "All your work with …": back to the client's hub, shown only on a page the hub opened in this tab (lib/hub-return.ts:
 * the hub's token comes from the history state, never from the page's own link).
 */
export function BackToHub({ company }: { company: string }) {
  const path = hubPathOf(useLocation().state);
  if (!path) return null;
  return (
    <Anchor component={Link} to={path} size="sm" style={{ alignSelf: 'flex-start' }}>
      ← All your work with {company}
    </Anchor>
  );
}
