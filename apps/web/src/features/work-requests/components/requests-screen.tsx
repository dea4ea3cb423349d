import { WORK_REQUEST_STATUSES, type WorkRequest, type WorkRequestStatus } from '@fieldbook/contract';
import { Alert, Badge, Button, Drawer, Group, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useMyWorkspace } from '../../workspaces';
import { useWorkRequests } from '../api/get-work-requests';
import { RequestDetail } from './request-detail';
import { RequestLinkPanel } from './request-link-panel';
import { requestWhen, STATUS_LABEL } from './request-format';

function RequestRow({ r, timeZone, onOpen }: { r: WorkRequest; timeZone: string | undefined; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} data-testid="request-row" w="100%">
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} truncate style={{ minWidth: 0 }}>
            {r.name}
          </Text>
          {r.photo_count > 0 && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {r.photo_count === 1 ? '1 photo' : `${r.photo_count} photos`}
            </Badge>
          )}
        </Group>
        <Text size="sm" lineClamp={2}>
          {r.what}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {r.address} · {requestWhen(r.created_at, timeZone)}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

/** /requests (issue 36): the workspace's work requests — new, converted, declined — and the Request work link. */
export function RequestsScreen() {
  const { requestId } = useParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState<WorkRequestStatus>('new');
  const [showLink, setShowLink] = useState(false);
  const list = useWorkRequests(status);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const timeZone = useMyWorkspace().data?.workspace?.time_zone;
  const newCount = list.data?.new_count;
  return (
    <Stack>
      <PageHeader
        title="Requests"
        description="Work requests from your Request work link and your clients’ hub."
        actions={
          <Button variant="light" onClick={() => setShowLink((v) => !v)}>
            {showLink ? 'Hide link' : 'Request work link'}
          </Button>
        }
      />
      {showLink && <RequestLinkPanel />}
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as WorkRequestStatus)}
        data={WORK_REQUEST_STATUSES.map((s) => ({ value: s, label: s === 'new' && newCount ? `New (${newCount})` : STATUS_LABEL[s] }))}
        fullWidth={isPhone}
      />
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.data && list.data.requests.length === 0 && (
        <Text c="dimmed">{status === 'new' ? 'No new requests. Share your Request work link to get some.' : `No ${STATUS_LABEL[status].toLowerCase()} requests.`}</Text>
      )}
      <Stack gap="xs">
        {list.data?.requests.map((r) => (
          <RequestRow key={r.id} r={r} timeZone={timeZone} onOpen={() => void navigate(`/requests/${r.id}`)} />
        ))}
      </Stack>
      <Drawer opened={Boolean(requestId)} onClose={() => void navigate('/requests')} position="right" size={isPhone ? '100%' : 'md'} title="Request">
        {requestId && <RequestDetail id={requestId} timeZone={timeZone} />}
      </Drawer>
    </Stack>
  );
}
