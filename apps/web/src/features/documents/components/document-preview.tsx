import { Alert, Code, Image, Loader, ScrollArea, Text } from '@mantine/core';
import type { Document } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorReason } from '../../../lib/error-reason';
import { fetchDocumentContent } from '../api/document-files';
import { documentKeys } from '../api/keys';

/** The file itself, fetched with the session (an iframe cannot send the token) and shown from a local URL. */
export function DocumentPreview({ doc, height = 600 }: { doc: Document; height?: number }) {
  const previewable = doc.storage_type === 'server' && ['pdf', 'jpg', 'png', 'txt'].includes(doc.file_type ?? '');
  const content = useQuery({
    queryKey: documentKeys.content(doc.id),
    queryFn: ({ signal }) => fetchDocumentContent(doc.id, 'load', signal),
    enabled: previewable,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!content.data) return;
    if (doc.file_type === 'txt') {
      void content.data.text().then(setText);
      return;
    }
    const objectUrl = URL.createObjectURL(content.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [content.data, doc.file_type]);

  if (!previewable) return <Text c="dimmed">No preview for this file type; download it to open it.</Text>;
  if (content.isPending) return <Loader aria-label="Loading preview" />;
  if (content.isError) return <Alert color="red" role="alert">{errorReason(content.error)}</Alert>;
  if (doc.file_type === 'txt') {
    return (
      <ScrollArea.Autosize mah={height}>
        <Code block data-testid="document-preview">
          {text ?? ''}
        </Code>
      </ScrollArea.Autosize>
    );
  }
  if (!url) return <Loader aria-label="Loading preview" />;
  if (doc.file_type === 'pdf') return <iframe src={url} title={`Preview of ${doc.name}`} style={{ width: '100%', height, border: 0 }} data-testid="document-preview" />;
  return <Image src={url} alt={doc.name} data-testid="document-preview" />;
}
