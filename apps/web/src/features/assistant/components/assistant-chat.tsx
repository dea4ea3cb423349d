import { Alert, Anchor, Center, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-provider';
import { useProfile } from '../../profile';
import { useAssistantGroups } from '../api/groups';
import classes from './assistant.module.css';
import { ChatHeader } from './chat-header';
import { ChatInput } from './chat-input';
import { EmptyState } from './empty-state';
import { GroupSelectOverlay } from './group-select-overlay';
import { MessageItem } from './message-item';
import { SourcesPanel } from './sources-panel';
import { useAssistantChat } from './use-assistant-chat';

export type AssistantChatProps = {
  /** The floating widget's panel, or the full-width /assistant page. */
  variant: 'widget' | 'page';
  isMinimised?: boolean;
  onMinimise?: () => void;
  onRestore?: () => void;
  onClose?: () => void;
  /** A link out of the chat was followed (a source's Open, Manage Assistants). */
  onLeave?: () => void;
};

/** The assistant chat of spec 000 §2, for the signed-in user's workspace. */
export function AssistantChat(props: AssistantChatProps) {
  const { user } = useAuth();
  const profile = useProfile();
  const workspaceId = profile.data?.workspace_id ?? null;
  if (!user || profile.isPending || !workspaceId) {
    return (
      <ChatFrame {...props} title="Intelligent Assistant" onSelectGroup={() => {}}>
        <div className={classes.scroll}>
          {profile.isPending ? (
            <Center py="xl">
              <Loader size="sm" aria-label="Loading the assistant" />
            </Center>
          ) : (
            <NoWorkspace error={profile.error} />
          )}
        </div>
      </ChatFrame>
    );
  }
  // A new user or workspace is a new conversation: nothing of the previous one carries over.
  return <ChatSession key={`${user.id}:${workspaceId}`} {...props} userId={user.id} workspaceId={workspaceId} />;
}

function NoWorkspace({ error }: { error: Error | null }) {
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        Failed to load your profile: {error.message}
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<IconBuildingCommunity size={20} />} title="You are not in a workspace yet">
      <Text size="sm">
        The assistant answers from your workspace’s documents, calls, jobs and tasks.{' '}
        <Anchor component={Link} to="/my-workspace" fw={600}>
          Set up My Workspace
        </Anchor>{' '}
        first.
      </Text>
    </Alert>
  );
}

type SourcesView = { messageKey: string; index: number };

function ChatSession({ userId, workspaceId, ...props }: AssistantChatProps & { userId: string; workspaceId: string }) {
  const chat = useAssistantChat({ userId, workspaceId });
  const [sourcesView, setSourcesView] = useState<SourcesView | null>(null);
  const [isPickingGroup, setPickingGroup] = useState(false);
  const groups = useAssistantGroups(workspaceId, isPickingGroup);
  const isWide = useMediaQuery('(min-width: 48em)');
  const scrollRef = useRef<HTMLDivElement>(null);

  // The newest message (and the answer as it grows) stays in view.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [chat.messages]);

  const groupName = chat.group?.name;
  const title = chat.groupId ? (groupName ? `${groupName} Assistant` : 'Group Assistant') : 'Intelligent Assistant';
  const placeholder = chat.groupId ? `Ask the ${groupName ?? 'group'} assistant...` : 'Ask a question...';
  const sourcesOf = sourcesView ? chat.messages.find((m) => m.key === sourcesView.messageKey) : undefined;

  const applyGroup = (id: string | null) => {
    setPickingGroup(false);
    if (id === chat.groupId) return;
    setSourcesView(null);
    chat.selectGroup(id);
  };

  return (
    <ChatFrame
      {...props}
      title={title}
      onSelectGroup={() => setPickingGroup(true)}
      isShowingSources={Boolean(sourcesView && sourcesOf)}
      footer={<ChatInput placeholder={placeholder} isSending={chat.isSending || chat.isLoading} onSend={chat.send} autoFocus={props.variant === 'widget' && isWide} />}
    >
      <div ref={scrollRef} className={classes.scroll}>
        {chat.isLoading ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading the conversation" />
          </Center>
        ) : chat.messages.length === 0 ? (
          <EmptyState init={chat.init} onAsk={(q) => chat.send(q)} />
        ) : (
          <div className={classes.messages} aria-live="polite">
            {chat.messages.map((m) => (
              <MessageItem
                key={m.key}
                message={m}
                canRetry={!chat.isSending}
                onRate={chat.rate}
                onRetry={chat.retry}
                onOpenSources={(message, index) => setSourcesView({ messageKey: message.key, index })}
              />
            ))}
          </div>
        )}
      </div>
      {sourcesView && sourcesOf && (
        <SourcesPanel
          sources={sourcesOf.sources}
          index={sourcesView.index}
          onIndexChange={(index) => setSourcesView({ ...sourcesView, index })}
          onClose={() => setSourcesView(null)}
          onOpen={props.onLeave}
        />
      )}
      {isPickingGroup && (
        <GroupSelectOverlay groups={groups.data} isLoading={groups.isPending} error={groups.error} currentGroupId={chat.groupId} onApply={applyGroup} onCancel={() => setPickingGroup(false)} />
      )}
    </ChatFrame>
  );
}

type ChatFrameProps = AssistantChatProps & { title: string; onSelectGroup: () => void; children: ReactNode; footer?: ReactNode; isShowingSources?: boolean };

/** Header, message area and input; a minimised widget hides (never unmounts) the rest, so a draft and an answer survive. */
function ChatFrame({ variant, title, isMinimised, onMinimise, onRestore, onClose, onLeave, onSelectGroup, children, footer, isShowingSources }: ChatFrameProps) {
  const isWidget = variant === 'widget';
  return (
    <section className={`${classes.chat} ${isWidget ? '' : classes.page}`} role={isWidget ? 'dialog' : 'region'} aria-label={title}>
      <ChatHeader title={title} onSelectGroup={onSelectGroup} isMinimised={isMinimised} onMinimise={onMinimise} onRestore={onRestore} onClose={onClose} onNavigate={onLeave} />
      <div className={classes.body} style={isMinimised ? { display: 'none' } : undefined} data-sources-open={isShowingSources || undefined}>
        {children}
      </div>
      {footer && <div style={isMinimised ? { display: 'none' } : undefined}>{footer}</div>}
    </section>
  );
}
