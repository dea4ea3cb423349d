import { Anchor, Badge } from '@mantine/core';
import { IconBrandGoogleDrive } from '@tabler/icons-react';
import type { DriveItemKind } from '@fieldbook/contract';
import { useDriveCopy } from '../api/drive';

/** "in Drive" with a link to the item's copy in the user's Google Drive, once it is there (issue 25); nothing otherwise. */
export function DriveCopyLink({ kind, id }: { kind: DriveItemKind; id: string }) {
  const copy = useDriveCopy(kind, id);
  if (copy.data?.status !== 'done' || !copy.data.web_view_link) return null;
  return (
    <Anchor href={copy.data.web_view_link} target="_blank" rel="noopener noreferrer" size="sm" aria-label="Open the copy in Google Drive">
      <Badge variant="light" color="blue" tt="none" leftSection={<IconBrandGoogleDrive size={12} />} style={{ cursor: 'pointer' }}>
        in Drive
      </Badge>
    </Anchor>
  );
}
