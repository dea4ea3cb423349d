import { AssistantQueryBodySchema } from '@fieldbook/contract';
import { ActionIcon, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import classes from './assistant.module.css';

/** The longest question the server takes (the contract's limit), so a long paste is cut here, not refused there. */
const MAX_QUESTION_LENGTH = AssistantQueryBodySchema.shape.query.maxLength ?? undefined;

type ChatInputProps = {
  placeholder: string;
  isSending: boolean;
  /** Sends the question; false when it was not sent (the text then stays). */
  onSend: (text: string) => boolean;
  autoFocus?: boolean;
};

/**
 * The question box (spec 000 §2, §5): Enter sends, Shift+Enter starts a new line; nothing empty or blank is sent, and
 * Send is disabled while the box is blank or an answer is on its way.
 */
export function ChatInput({ placeholder, isSending, onSend, autoFocus }: ChatInputProps) {
  const [text, setText] = useState('');
  const canSend = text.trim() !== '' && !isSending;
  const submit = () => {
    if (canSend && onSend(text)) setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a word uses Enter to pick it: that Enter is not a send.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };
  return (
    <div className={classes.footer}>
      <Textarea
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        aria-label="Your question"
        autoFocus={autoFocus}
        maxLength={MAX_QUESTION_LENGTH}
        autosize
        minRows={1}
        maxRows={5}
        radius="md"
        style={{ flex: 1 }}
      />
      <Tooltip label="Send" withArrow>
        <ActionIcon size={36} radius="md" aria-label="Send" disabled={!canSend} onClick={submit} loading={isSending}>
          <IconSend size={18} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
