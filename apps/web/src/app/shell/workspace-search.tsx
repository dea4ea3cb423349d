import { TextInput, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useProfile } from '../../features/profile';

/**
 * The header's workspace search: usable only with a default workspace (spec 000 §2). Enter opens the
 * tasks screen's search tab, which reads `q`.
 */
export function WorkspaceSearch({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const [text, setText] = useState('');
  const isEnabled = Boolean(profile.data?.default_workspace_id);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const query = text.trim();
    if (!query) return;
    navigate(`/tasks?tab=search&q=${encodeURIComponent(query)}`);
    onSearch?.();
  };

  const input = (
    <TextInput
      size="sm"
      radius="xl"
      aria-label="Search your workspace"
      placeholder={isEnabled ? 'Search jobs, tasks and documents' : 'Search needs a workspace'}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      disabled={!isEnabled}
      enterKeyHint="search"
    />
  );
  if (isEnabled || profile.isPending) return input;
  return (
    <Tooltip label="Join or create a workspace in My Workspace to search" withArrow>
      <div>{input}</div>
    </Tooltip>
  );
}
