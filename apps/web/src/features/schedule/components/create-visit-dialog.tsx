import { CreateVisitBodySchema, type CreateVisitBody, type Crew } from '@fieldbook/contract';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { checkVisitConflicts } from '../api/check-visit-conflicts';
import { useCreateVisit } from '../api/create-visit';
import { addDays, addWallMinutes, boardTimeOf, fromBoardTime } from '../lib/board-time';
import { repeatRule, type Repeat } from '../lib/repeat-rule';
import { conflictText, visitLabel } from '../lib/visit-events';
import { useSchedulePeople } from '../api/get-people';
import { useJobSearch } from '../api/search-jobs';
import { OverlapWarning } from './overlap-warning';
import { overlapOf } from './use-move-visit';

export type JobChoice = { id: string; label: string };

type Props = {
  zone: string;
  crews: readonly Crew[];
  /** The jobs to choose from (the tray's); a given `jobId` (the tray's or the job page's Schedule) is fixed. */
  jobs: readonly JobChoice[];
  jobId?: string;
  date: string;
  /** A tray drop's slot: its start time and crew. */
  time?: string;
  crewId?: string;
  onClose: () => void;
};

const REPEATS = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'every_n_weeks', label: 'Every N weeks' },
  { value: 'monthly_by_day', label: 'Monthly on this weekday' },
];

/**
 * Schedule a visit (admins): job, date, start time, duration or all day, arrival window, crews and people, notes,
 * repeat. Before saving it asks POST /api/visits/conflicts and shows the overlaps; it saves with confirm_overlap only
 * when the user says Save anyway.
 */
export function CreateVisitDialog({ zone, crews, jobs, jobId, date: initialDate, time: initialTime = '08:00', crewId, onClose }: Props) {
  const create = useCreateVisit();
  const [job, setJob] = useState<string | null>(jobId ?? null);
  const [date, setDate] = useState(initialDate);
  const [time, setTime] = useState(initialTime);
  const [hours, setHours] = useState<number>(2);
  const [allDay, setAllDay] = useState(false);
  const [windowStart, setWindowStart] = useState('');
  const [windowEnd, setWindowEnd] = useState('');
  const [crewIds, setCrewIds] = useState<string[]>(crewId ? [crewId] : []);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [notes, setNotes] = useState('');
  const [repeat, setRepeat] = useState<Repeat['kind']>('none');
  const [weeks, setWeeks] = useState<number>(2);
  const [error, setError] = useState<string | null>(null);
  const [overlap, setOverlap] = useState<{ message: string; conflicts: string[]; body: CreateVisitBody } | null>(null);
  const [checking, setChecking] = useState(false);
  const [jobSearch, setJobSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(jobSearch, 300);
  const found = useJobSearch(jobId ? '' : debouncedSearch);
  // The tray's jobs, then what the search found (by title or client); the chosen one stays among them.
  const jobChoices = useMemo(() => {
    const byId = new Map(jobs.map((j) => [j.id, j.label]));
    for (const j of found.data?.jobs ?? []) if (!byId.has(j.id)) byId.set(j.id, visitLabel({ job: j }));
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [jobs, found.data]);

  // People: the workspace's members and the crews' (a person is assigned on their own when no crew of theirs goes).
  const members = useSchedulePeople();
  const people = useMemo(() => {
    const byId = new Map<string, string>();
    for (const crew of crews) for (const m of crew.members) byId.set(m.id, m.name ?? 'Unnamed member');
    for (const p of members.data ?? []) if (!byId.has(p.id)) byId.set(p.id, p.name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [crews, members.data]);

  const body = (): CreateVisitBody => {
    const rule = repeatRule(repeat === 'every_n_weeks' ? { kind: repeat, weeks } : ({ kind: repeat } as Repeat), date);
    const start = boardTimeOf(date, time);
    return {
      job_id: job ?? '',
      ...(allDay ? { all_day: true, date } : { starts_at: fromBoardTime(start, zone), ends_at: fromBoardTime(addWallMinutes(start, Math.round(hours * 60)), zone) }),
      arrival_window: windowStart && windowEnd ? { start: windowStart, end: windowEnd } : null,
      notes: notes.trim() || null,
      crew_ids: crewIds,
      user_ids: userIds,
      recurrence: rule ? { rrule: rule } : null,
    };
  };

  const save = async (confirmed: CreateVisitBody | null) => {
    setError(null);
    let draft: CreateVisitBody;
    try {
      draft = confirmed ?? body();
    } catch {
      return setError('Choose a date and a start time');
    }
    const parsed = CreateVisitBodySchema.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the visit');
    try {
      if (!confirmed) {
        setChecking(true);
        const conflicts = await checkVisitConflicts({
          ...(draft.all_day ? { all_day: true, date: draft.date } : { starts_at: draft.starts_at, ends_at: draft.ends_at }),
          crew_ids: crewIds,
          user_ids: userIds,
          // A repeating visit: the server checks every visit of the series over its horizon, as the save does.
          ...(draft.recurrence ? { recurrence: draft.recurrence } : {}),
        }).finally(() => setChecking(false));
        if (conflicts.length > 0) {
          const n = conflicts.length;
          return setOverlap({ message: `This visit overlaps ${n === 1 ? 'another visit' : `${n} other visits`} of the same crew or person.`, conflicts: conflicts.map((c) => conflictText(c, zone)), body: draft });
        }
      }
      await create.mutateAsync({ ...draft, confirm_overlap: Boolean(confirmed) });
      onClose();
    } catch (err) {
      // Someone booked the crew in between: the server's 409 lists the overlaps; confirm as before.
      const found = overlapOf(err);
      if (found) return setOverlap({ ...found, body: draft });
      setOverlap(null);
      setError(err instanceof ApiRequestError || err instanceof Error ? err.message : String(err));
    }
  };

  const today = initialDate;
  return (
    <Modal opened onClose={onClose} title="New visit" centered size="lg">
      <Stack gap="sm">
        <Select
          label="Job"
          placeholder="Choose a job or type to search"
          data={jobChoices}
          value={job}
          onChange={setJob}
          disabled={Boolean(jobId)}
          searchable
          searchValue={jobSearch}
          onSearchChange={setJobSearch}
          nothingFoundMessage={jobSearch.trim().length >= 2 ? 'No job found' : undefined}
          required
        />
        <Group grow gap="sm" wrap="wrap">
          <TextInput type="date" label="Date" value={date} min={addDays(today, -365)} onChange={(e) => setDate(e.currentTarget.value)} miw={150} required />
          {!allDay && <TextInput type="time" label="Start time" value={time} onChange={(e) => setTime(e.currentTarget.value)} miw={120} required />}
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {!allDay && <NumberInput label="Duration (hours)" value={hours} min={0.25} max={24 * 14} step={0.5} decimalScale={2} onChange={(v) => setHours(Number(v))} w={160} />}
          <Checkbox label="All day" checked={allDay} onChange={(e) => setAllDay(e.currentTarget.checked)} mb={8} />
        </Group>
        <Group grow gap="sm" wrap="wrap">
          <TextInput type="time" label="Arrival window from" value={windowStart} onChange={(e) => setWindowStart(e.currentTarget.value)} miw={120} />
          <TextInput type="time" label="Arrival window to" value={windowEnd} onChange={(e) => setWindowEnd(e.currentTarget.value)} miw={120} />
        </Group>
        <MultiSelect label="Crews" data={crews.map((c) => ({ value: c.id, label: c.name }))} value={crewIds} onChange={setCrewIds} clearable />
        <MultiSelect label="People" data={people} value={userIds} onChange={setUserIds} clearable searchable />
        <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} maxLength={4000} />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select label="Repeat" data={REPEATS} value={repeat} onChange={(v) => setRepeat((v ?? 'none') as Repeat['kind'])} allowDeselect={false} w={220} />
          {repeat === 'every_n_weeks' && <NumberInput label="Every how many weeks" value={weeks} min={2} max={52} onChange={(v) => setWeeks(Number(v))} w={160} />}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {overlap ? (
          <OverlapWarning message={overlap.message} conflicts={overlap.conflicts} isWorking={create.isPending} onCancel={() => setOverlap(null)} onConfirm={() => void save(overlap.body)} />
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void save(null)} loading={checking || create.isPending}>
              Save visit
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
