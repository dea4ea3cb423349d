import { ActionIcon, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageChatbot } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { LazyAssistantChat as AssistantChat } from './lazy-chat';
import classes from './assistant.module.css';

type WidgetState = 'closed' | 'open' | 'minimised';

/** The page that shows the assistant itself: no floating copy over it. */
const ASSISTANT_PATH = '/assistant';

/**
 * The floating assistant of every signed-in page (spec 000 §2, §4): a toggle button, and a panel that is open,
 * open-minimised (its header only) or closed. Closing ends the panel's session (an answer still arriving is
 * abandoned); reopening continues the saved conversation from the server.
 */
export function AssistantWidget() {
  const { pathname } = useLocation();
  const [state, setState] = useState<WidgetState>('closed');
  const isPhone = useMediaQuery('(max-width: 48em)');
  if (pathname.replace(/\/+$/, '') === ASSISTANT_PATH) return null;

  if (state === 'closed') {
    return (
      <Tooltip label="Assistant" withArrow position="left">
        <ActionIcon className={classes.fab} size={56} radius="xl" aria-label="Open assistant" onClick={() => setState('open')}>
          <IconMessageChatbot size={28} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <div className={classes.panel} data-minimised={state === 'minimised' || undefined} data-testid="assistant-widget">
      <AssistantChat
        variant="widget"
        isMinimised={state === 'minimised'}
        onMinimise={() => setState('minimised')}
        onRestore={() => setState('open')}
        onClose={() => setState('closed')}
        // On a phone the panel covers the page it just opened: step aside.
        onLeave={() => {
          if (isPhone) setState('minimised');
        }}
      />
    </div>
  );
}
