import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';

/**
 * Files by drag and drop or the picker (several at once). `layout` 'large' is the Document Manager's panel (icon,
 * title, hint, button), 'inline' one line of text and the button; `children` (the upload list) goes inside.
 */
export function DropZone(props: {
  onFiles: (files: File[]) => void;
  accept: string;
  title: string;
  hint?: string;
  buttonLabel: string;
  /** The hidden file input's name for assistive technology and tests. */
  inputLabel: string;
  layout: 'large' | 'inline';
  children?: ReactNode;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const button = (
    <Button size={props.layout === 'inline' ? 'sm' : 'md'} leftSection={<IconUpload size={16} />} onClick={() => picker.current?.click()}>
      {props.buttonLabel}
    </Button>
  );
  return (
    <Paper
      withBorder
      p={props.layout === 'inline' ? 'md' : 'lg'}
      radius="md"
      data-testid="upload-drop-zone"
      style={{ borderStyle: 'dashed', borderWidth: 2, background: isOver ? 'var(--mantine-color-fieldbook-0)' : undefined }}
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        setOver(false);
        const files = [...e.dataTransfer.files];
        if (files.length) props.onFiles(files);
      }}
    >
      {props.layout === 'large' ? (
        <Stack align="center" gap={6} ta="center">
          <IconCloudUpload size={32} color="var(--mantine-color-fieldbook-6)" />
          <Text fw={600}>{props.title}</Text>
          {props.hint && (
            <Text size="sm" c="dimmed">
              {props.hint}
            </Text>
          )}
          {button}
        </Stack>
      ) : (
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">{props.title}</Text>
          {button}
        </Group>
      )}
      <input
        ref={picker}
        type="file"
        multiple
        accept={props.accept}
        hidden
        aria-label={props.inputLabel}
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length) props.onFiles(files);
        }}
      />
      {props.children && <Stack mt="sm">{props.children}</Stack>}
    </Paper>
  );
}
