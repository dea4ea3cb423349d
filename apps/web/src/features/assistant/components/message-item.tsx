import { ActionIcon, Alert, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconFiles, IconThumbDown, IconThumbDownFilled, IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import type { ChatMessage, Feedback } from '../lib/chat-state';
import { AnswerText } from './answer-text';
import classes from './assistant.module.css';

type MessageItemProps = {
  message: ChatMessage;
  canRetry: boolean;
  onRate: (message: ChatMessage, value: Feedback) => void;
  onRetry: (message: ChatMessage) => void;
  /** Opens this answer's sources at `index`. */
  onOpenSources: (message: ChatMessage, index: number) => void;
};

/** One message of the conversation (spec 000 §2): the user's question, an answer with its actions, or an error. */
export function MessageItem({ message, canRetry, onRate, onRetry, onOpenSources }: MessageItemProps) {
  if (message.role === 'user') {
    return (
      <div className={`${classes.bubble} ${classes.user}`} data-testid="assistant-message-user">
        {message.content}
      </div>
    );
  }
  if (message.role === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" p="sm" data-testid="assistant-message-error">
        <Text size="sm">{message.content}</Text>
        <Button size="xs" color="red" variant="light" mt="xs" onClick={() => onRetry(message)} disabled={!canRetry}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (message.isPending && !message.content) {
    return (
      <Group gap={8} className={`${classes.bubble} ${classes.assistant}`} role="status" data-testid="assistant-thinking">
        <Loader size={14} type="dots" />
        <Text size="sm" c="dimmed">
          Thinking...
        </Text>
      </Group>
    );
  }
  const rated = (value: Feedback) => message.feedback === value;
  const canRate = message.index !== null && !message.isPending;
  return (
    <div style={{ alignSelf: 'flex-start', maxWidth: '88%' }} data-testid="assistant-message">
      <div className={`${classes.bubble} ${classes.assistant}`} style={{ maxWidth: 'none' }} aria-busy={message.isPending || undefined}>
        <AnswerText text={message.content} sourceCount={message.sources.length} onCite={(i) => onOpenSources(message, i)} />
      </div>
      {!message.isPending && (
        <Group gap={2} mt={4}>
          <Tooltip label="Thumbs up" withArrow>
            <ActionIcon variant="subtle" color={rated('positive') ? undefined : 'gray'} size="sm" aria-label="Thumbs up" aria-pressed={rated('positive')} disabled={!canRate} onClick={() => onRate(message, 'positive')}>
              {rated('positive') ? <IconThumbUpFilled size={15} /> : <IconThumbUp size={15} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Thumbs down" withArrow>
            <ActionIcon variant="subtle" color={rated('negative') ? 'red' : 'gray'} size="sm" aria-label="Thumbs down" aria-pressed={rated('negative')} disabled={!canRate} onClick={() => onRate(message, 'negative')}>
              {rated('negative') ? <IconThumbDownFilled size={15} /> : <IconThumbDown size={15} />}
            </ActionIcon>
          </Tooltip>
          {message.sources.length > 0 && (
            <Tooltip label="View sources" withArrow>
              <Button variant="subtle" color="gray" size="compact-xs" leftSection={<IconFiles size={14} />} aria-label="View sources" onClick={() => onOpenSources(message, 0)}>
                {message.sources.length} {message.sources.length === 1 ? 'source' : 'sources'}
              </Button>
            </Tooltip>
          )}
        </Group>
      )}
    </div>
  );
}
