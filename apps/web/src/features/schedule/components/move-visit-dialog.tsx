import { EDIT_SCOPES, type Crew, type EditScope, type BoardVisit } from '@fieldbook/contract';
import { Alert, Button, Group, Modal, NumberInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { addWallMinutes, boardTimeOf, dateOf, fromBoardTime, timeOf, wallMinutesBetween, type BoardTime } from '../lib/board-time';
import { crewIdsAfterMove, UNASSIGNED_ROW, visitBoardTimes, visitLabel } from '../lib/visit-events';
import { OverlapWarning } from './overlap-warning';
import type { useMoveVisit } from './use-move-visit';

export const SCOPE_LABELS: Record<EditScope, string> = { this: 'This visit', this_and_following: 'This and following', all: 'All visits' };

export type MoveTarget = {
  visit: BoardVisit;
  /** The row the visit was picked from (its crew, or Unassigned). */
  rowId: string;
  /** A drop's proposal (a repeating visit dropped on the board asks its scope here first). */
  start?: BoardTime;
  toRowId?: string;
};

/**
 * "Move visit": the keyboard and dialog alternative to a drag (ADR 0012) — date, time, duration and crew — saving
 * through the same mutation as the board's drop. A repeating visit asks which visits change.
 */
export function MoveVisitDialog({ target, zone, crews, mover, onClose }: { target: MoveTarget; zone: string; crews: readonly Crew[]; mover: ReturnType<typeof useMoveVisit>; onClose: () => void }) {
  const { visit, rowId } = target;
  const current = visitBoardTimes(visit, zone);
  const start = target.start ?? current.start;
  const [date, setDate] = useState(dateOf(start));
  const [time, setTime] = useState(visit.all_day && !target.start ? '08:00' : timeOf(start));
  const [minutes, setMinutes] = useState<number>(visit.all_day ? 60 : wallMinutesBetween(current.start, current.end));
  const [row, setRow] = useState(target.toRowId ?? rowId);
  const [scope, setScope] = useState<EditScope>('this');
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return setError('Choose a date and a time');
    if (!Number.isFinite(minutes) || minutes < 15) return setError('A visit lasts at least 15 minutes');
    setError(null);
    const newStart = boardTimeOf(date, time);
    // The end is the wall-clock duration after the start, converted on its own: 9:00 + 2 h ends at 11:00 on a clock-change day.
    const body = {
      scope,
      all_day: false,
      starts_at: fromBoardTime(newStart, zone),
      ends_at: fromBoardTime(addWallMinutes(newStart, minutes), zone),
      ...(row !== rowId ? { crew_ids: crewIdsAfterMove(visit, rowId, row) } : {}),
    };
    if (await mover.move({ visit, body })) onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Move visit" centered>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {visitLabel(visit)}
        </Text>
        <Group grow gap="sm" wrap="wrap">
          <TextInput type="date" label="Date" value={date} onChange={(e) => setDate(e.currentTarget.value)} miw={150} />
          <TextInput type="time" label="Start time" value={time} onChange={(e) => setTime(e.currentTarget.value)} miw={120} />
        </Group>
        <NumberInput label="Duration (minutes)" value={minutes} min={15} step={15} onChange={(v) => setMinutes(Number(v))} />
        <Select
          label="Crew"
          value={row}
          onChange={(v) => setRow(v ?? UNASSIGNED_ROW)}
          data={[...crews.map((c) => ({ value: c.id, label: c.name })), { value: UNASSIGNED_ROW, label: 'Unassigned' }]}
          allowDeselect={false}
        />
        {visit.recurrence && (
          <Radio.Group label="Change which visits?" value={scope} onChange={(v) => setScope(v as EditScope)}>
            <Stack gap={6} mt={4}>
              {EDIT_SCOPES.map((s) => (
                <Radio key={s} value={s} label={SCOPE_LABELS[s]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {error && <Alert color="red">{error}</Alert>}
        {mover.notice && (
          <Alert color="red" role="alert">
            {mover.notice}
          </Alert>
        )}
        {mover.overlap ? (
          <OverlapWarning message={mover.overlap.message} conflicts={mover.overlap.conflicts} isWorking={mover.isMoving} onCancel={mover.dismissOverlap} onConfirm={() => void mover.confirm().then((ok) => ok && onClose())} />
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={mover.isMoving}>
              Move
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
