import { CREW_COLOURS, CreateCrewBodySchema, type Crew } from '@fieldbook/contract';
import { ActionIcon, Alert, Button, Card, ColorSwatch, Drawer, Group, MultiSelect, Select, Skeleton, Stack, Text, TextInput, useMantineTheme } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { useCrews } from '../api/get-crews';
import { useSchedulePeople } from '../api/get-people';
import { useRemoveCrew, useSaveCrew } from '../api/save-crew';

type Colour = (typeof CREW_COLOURS)[number];
type Draft = { id: string | null; name: string; colour: Colour; memberIds: string[] };

const COLOUR_LABELS: Record<Colour, string> = {
  blue: 'Blue',
  cyan: 'Cyan',
  teal: 'Teal',
  green: 'Green',
  lime: 'Lime',
  yellow: 'Yellow',
  orange: 'Orange',
  red: 'Red',
  pink: 'Pink',
  grape: 'Grape',
  violet: 'Violet',
  indigo: 'Indigo',
  gray: 'Gray',
};

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Crews (admins): the list with colours and members, New crew, Edit (name, colour, members from the workspace's
 * members), Remove (its visits keep their people). Opened from /schedule's Crews button; full width on a phone.
 */
export function CrewsDrawer({ opened, onClose, isPhone }: { opened: boolean; onClose: () => void; isPhone: boolean }) {
  const crews = useCrews();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removing, setRemoving] = useState<Crew | null>(null);
  const remove = useRemoveCrew();

  return (
    <Drawer opened={opened} onClose={onClose} title="Crews" position="right" size={isPhone ? '100%' : 'md'}>
      {draft ? (
        <CrewForm draft={draft} onDone={() => setDraft(null)} />
      ) : (
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft({ id: null, name: '', colour: 'blue', memberIds: [] })}>
              New crew
            </Button>
          </Group>
          {crews.isPending ? (
            <Skeleton height={80} />
          ) : crews.isError ? (
            <LoadError error={crews.error} onRetry={() => void crews.refetch()} isRetrying={crews.isFetching} title="Could not load the crews" />
          ) : crews.data.crews.length === 0 ? (
            <Text c="dimmed" size="sm">
              No crews yet. A crew is a row on the board: make one, then give it visits.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Crews">
              {crews.data.crews.map((crew) => (
                <Card key={crew.id} withBorder padding="sm" component="li">
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Stack gap={2} miw={0}>
                      <Group gap={8} wrap="nowrap">
                        <CrewColour colour={crew.colour} />
                        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {crew.name}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {crew.members.length === 0 ? 'No members' : crew.members.map((m) => m.name ?? 'Unnamed member').join(', ')}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                      <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${crew.name}`} onClick={() => setDraft({ id: crew.id, name: crew.name, colour: crew.colour, memberIds: crew.members.map((m) => m.id) })}>
                        <IconPencil size={18} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" size="lg" color="red" aria-label={`Remove ${crew.name}`} onClick={() => setRemoving(crew)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  </Group>
                  {removing?.id === crew.id && (
                    <Alert color="red" mt="xs" title={`Remove ${crew.name}?`}>
                      <Stack gap="xs">
                        <Text size="sm">Its visits stay on the schedule, no longer with this crew. People assigned to a visit by name stay on it.</Text>
                        {remove.error && <Text size="sm">{errorText(remove.error)}</Text>}
                        <Group gap="xs" justify="flex-end">
                          <Button variant="default" size="xs" onClick={() => setRemoving(null)}>
                            Keep it
                          </Button>
                          <Button color="red" size="xs" loading={remove.isPending} onClick={() => remove.mutate(crew.id, { onSuccess: () => setRemoving(null) })}>
                            Remove crew
                          </Button>
                        </Group>
                      </Stack>
                    </Alert>
                  )}
                </Card>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function CrewColour({ colour }: { colour: Colour }) {
  const theme = useMantineTheme();
  return <ColorSwatch color={theme.colors[colour]?.[6] ?? colour} size={16} aria-hidden style={{ flexShrink: 0 }} />;
}

/** New crew / Edit crew: name, colour, members (the workspace's members). */
function CrewForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const people = useSchedulePeople();
  const save = useSaveCrew();
  const [name, setName] = useState(draft.name);
  const [colour, setColour] = useState<Colour>(draft.colour);
  const [memberIds, setMemberIds] = useState(draft.memberIds);
  const [error, setError] = useState<string | null>(null);
  const choices = (people.data ?? []).map((p) => ({ value: p.id, label: p.name === p.email ? p.email : `${p.name} (${p.email})` }));

  const submit = () => {
    const parsed = CreateCrewBodySchema.safeParse({ name, colour, member_ids: memberIds });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the crew');
    setError(null);
    // Members are the workspace's: someone who has left it since is dropped (the server refuses them); without the
    // list (it failed to load) an edit leaves the members as they are.
    const known = people.data ? new Set(people.data.map((p) => p.id)) : null;
    const members = known ? { member_ids: memberIds.filter((id) => known.has(id)) } : draft.id ? {} : { member_ids: [] };
    save.mutate({ id: draft.id, body: { name: parsed.data.name, colour, ...members } }, { onSuccess: onDone, onError: (err) => setError(errorText(err)) });
  };

  return (
    <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), submit())} aria-label={draft.id ? 'Edit crew' : 'New crew'}>
      <Text fw={600}>{draft.id ? 'Edit crew' : 'New crew'}</Text>
      <TextInput label="Crew name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} required data-autofocus />
      <Select
        label="Colour"
        data={CREW_COLOURS.map((c) => ({ value: c, label: COLOUR_LABELS[c] }))}
        value={colour}
        onChange={(v) => v && setColour(v as Colour)}
        allowDeselect={false}
        leftSection={<CrewColour colour={colour} />}
        renderOption={({ option }) => (
          <Group gap={8} wrap="nowrap">
            <CrewColour colour={option.value as Colour} />
            {option.label}
          </Group>
        )}
      />
      {people.isError ? (
        <LoadError error={people.error} onRetry={() => void people.refetch()} isRetrying={people.isFetching} title="Could not load the workspace's members" />
      ) : (
        <MultiSelect label="Members" placeholder={people.isPending ? 'Loading members…' : 'Choose members'} data={choices} value={memberIds} onChange={setMemberIds} searchable clearable disabled={people.isPending} />
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {draft.id ? 'Save crew' : 'Create crew'}
        </Button>
      </Group>
    </Stack>
  );
}
