import type { WorkRequestDetail } from '@fieldbook/contract';
import { Alert, Anchor, Badge, Button, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { apiBaseUrl } from '../../../lib/api-base';
import { useConvertWorkRequest } from '../api/convert-work-request';
import { useDeclineWorkRequest } from '../api/decline-work-request';
import { useWorkRequest } from '../api/get-work-request';
import { formatPhone, requestWhen, STATUS_COLOR, STATUS_LABEL } from './request-format';

/** One request: what, where, when, who, its photos; Create job (once) and Decline while it is new. */
export function RequestDetail({ id, timeZone }: { id: string; timeZone: string | undefined }) {
  const request = useWorkRequest(id);
  if (request.isPending) return <Text c="dimmed">Loading…</Text>;
  if (request.isError) return <Alert color="red">{request.error.message}</Alert>;
  return <RequestDetailContent r={request.data} timeZone={timeZone} />;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function RequestDetailContent({ r, timeZone }: { r: WorkRequestDetail; timeZone: string | undefined }) {
  const convert = useConvertWorkRequest(r.id);
  const decline = useDeclineWorkRequest(r.id);
  const jobId = convert.data?.job_id ?? r.job_id;
  const working = convert.isPending || decline.isPending;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{r.name}</Text>
        <Badge color={STATUS_COLOR[r.status]} variant="light" style={{ flexShrink: 0 }}>
          {STATUS_LABEL[r.status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {requestWhen(r.created_at, timeZone)} · {r.source === 'hub' ? 'from the client hub' : 'from the Request work link'}
      </Text>
      <Fact label="What">{r.what}</Fact>
      <Fact label="Where">{r.address}</Fact>
      {r.preferred_times && <Fact label="Preferred times">{r.preferred_times}</Fact>}
      <Fact label="Contact">
        <Anchor href={`tel:${r.phone}`}>{formatPhone(r.phone)}</Anchor>
        {r.email && (
          <>
            {' · '}
            <Anchor href={`mailto:${r.email}`}>{r.email}</Anchor>
          </>
        )}
      </Fact>
      {r.photos.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {r.photos.map((p, i) => (
            <Anchor key={p.id} href={`${apiBaseUrl()}${p.url}`} target="_blank" rel="noopener">
              <Image src={`${apiBaseUrl()}${p.url}`} alt={`Photo ${i + 1} of the request`} radius="sm" h={120} fit="cover" />
            </Anchor>
          ))}
        </SimpleGrid>
      )}
      {(convert.error ?? decline.error) && <Alert color="red">{(convert.error ?? decline.error)!.message}</Alert>}
      {convert.data && (
        <Alert color="green" title="Job created">
          {convert.data.contact_created ? `${r.name} was added to your contacts.` : `Linked to your contact ${r.name}.`}
          {convert.data.photos_on_job > 0 && ` ${convert.data.photos_on_job === 1 ? 'Their photo is' : `Their ${convert.data.photos_on_job} photos are`} on the job’s Photos.`}
        </Alert>
      )}
      {jobId ? (
        <Button component={Link} to={`/jobs/${jobId}`} variant="light">
          Open job
        </Button>
      ) : (
        r.status === 'new' && (
          <Group grow>
            <Button onClick={() => convert.mutate()} loading={convert.isPending} disabled={working}>
              Create job
            </Button>
            <Button variant="default" color="red" onClick={() => decline.mutate()} loading={decline.isPending} disabled={working}>
              Decline
            </Button>
          </Group>
        )
      )}
    </Stack>
  );
}
