import { ActionIcon, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconChevronUp, IconMinus, IconUsersGroup, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import classes from './assistant.module.css';

type ChatHeaderProps = {
  title: string;
  onSelectGroup: () => void;
  /** The widget's window buttons; the /assistant page has none. */
  isMinimised?: boolean;
  onMinimise?: () => void;
  onRestore?: () => void;
  onClose?: () => void;
  /** Manage Assistants leaves the chat for another page. */
  onNavigate?: () => void;
};

function HeaderButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="white" size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Spec 000 §2 header: the title and Select Group, Manage Assistants, Minimise and Close. */
export function ChatHeader({ title, onSelectGroup, isMinimised, onMinimise, onRestore, onClose, onNavigate }: ChatHeaderProps) {
  const navigate = useNavigate();
  return (
    <div className={classes.header}>
      <h2 className={classes.title} onDoubleClick={isMinimised ? onRestore : undefined}>
        {title}
      </h2>
      {!isMinimised && (
        <>
          <HeaderButton label="Select Group" onClick={onSelectGroup}>
            <IconUsersGroup size={19} />
          </HeaderButton>
          {/* For everyone, as the spec lists it: the page itself tells a non-admin it is for administrators. */}
          <HeaderButton label="Manage Assistants" onClick={() => {
              navigate('/group-assistants');
              onNavigate?.();
            }}
          >
            <IconAdjustmentsHorizontal size={19} />
          </HeaderButton>
        </>
      )}
      {isMinimised && onRestore && (
        <HeaderButton label="Restore" onClick={onRestore}>
          <IconChevronUp size={19} />
        </HeaderButton>
      )}
      {!isMinimised && onMinimise && (
        <HeaderButton label="Minimise" onClick={onMinimise}>
          <IconMinus size={19} />
        </HeaderButton>
      )}
      {onClose && (
        <HeaderButton label="Close" onClick={onClose}>
          <IconX size={19} />
        </HeaderButton>
      )}
    </div>
  );
}
