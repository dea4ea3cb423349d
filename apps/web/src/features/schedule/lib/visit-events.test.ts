import { describe, expect, it } from 'vitest';
import { CHICAGO, makeCrew, makeVisit } from '../test/fixtures';
import { addWallMinutes, fromBoardTime, toBoardTime, wallMinutesBetween } from './board-time';
import { conflictText, crewIdsAfterMove, dropBody, UNASSIGNED_ROW, visitsToEvents } from './visit-events';

describe('visits on the board', () => {
  it('shows a 9:00 Chicago visit at 09:00 on both sides of the spring-forward change (2026-03-08)', () => {
    // 9:00 CST is 15:00Z (Saturday); 9:00 CDT is 14:00Z (Sunday, the change's day, and Monday).
    const saturday = makeVisit({ starts_at: '2026-03-07T15:00:00.000Z', ends_at: '2026-03-07T17:00:00.000Z', local_date: '2026-03-07', end_local_date: '2026-03-07' });
    const sunday = makeVisit({ starts_at: '2026-03-08T14:00:00.000Z', ends_at: '2026-03-08T16:00:00.000Z', local_date: '2026-03-08', end_local_date: '2026-03-08' });
    const monday = makeVisit({ starts_at: '2026-03-09T14:00:00.000Z', ends_at: '2026-03-09T16:00:00.000Z', local_date: '2026-03-09', end_local_date: '2026-03-09' });
    const events = visitsToEvents([saturday, sunday, monday], CHICAGO);
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ['2026-03-07 09:00:00', '2026-03-07 11:00:00'],
      ['2026-03-08 09:00:00', '2026-03-08 11:00:00'],
      ['2026-03-09 09:00:00', '2026-03-09 11:00:00'],
    ]);
    // And back: a drop at 09:00 on either side is the instant the server stores.
    expect(fromBoardTime('2026-03-07 09:00:00', CHICAGO)).toBe('2026-03-07T15:00:00.000Z');
    expect(fromBoardTime('2026-03-09 09:00:00', CHICAGO)).toBe('2026-03-09T14:00:00.000Z');
    // The fall-back change too (2026-11-01): 9:00 CDT then 9:00 CST.
    expect(toBoardTime('2026-10-31T14:00:00.000Z', CHICAGO)).toBe('2026-10-31 09:00:00');
    expect(toBoardTime('2026-11-01T15:00:00.000Z', CHICAGO)).toBe('2026-11-01 09:00:00');
  });

  it('draws a visit of two crews in each row with unique ids, and one without a crew as Unassigned', () => {
    const a = makeCrew('North');
    const b = makeCrew('South');
    const both = makeVisit({ crews: [a, b].map(({ id, name, colour }) => ({ id, name, colour })) });
    const none = makeVisit({ status: 'completed' });
    const events = visitsToEvents([both, none], CHICAGO);
    expect(events.map((e) => e.resourceId)).toEqual([a.id, b.id, UNASSIGNED_ROW]);
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    expect(events[0]!.title).toBe('Roof repair · Lopez (8:00–10:00 am)');
    expect(events.map((e) => e.color)).toEqual(['blue', 'blue', 'green']);
  });

  it('spans an all-day visit over its local days', () => {
    const v = makeVisit({ all_day: true, local_date: '2026-03-08', end_local_date: '2026-03-09', starts_at: '2026-03-08T06:00:00.000Z', ends_at: '2026-03-10T05:00:00.000Z' });
    expect(visitsToEvents([v], CHICAGO)[0]).toMatchObject({ start: '2026-03-08 00:00:00', end: '2026-03-10 00:00:00' });
  });

  it('keeps the wall-clock duration across the change and reassigns rows', () => {
    expect(wallMinutesBetween('2026-03-08 01:00:00', '2026-03-08 05:00:00')).toBe(240);
    expect(addWallMinutes('2026-03-08 23:30:00', 90)).toBe('2026-03-09 01:00:00');
    const a = makeCrew('A');
    const b = makeCrew('B');
    const v = makeVisit({ crews: [{ id: a.id, name: 'A', colour: 'teal' }] });
    expect(crewIdsAfterMove(v, a.id, b.id)).toEqual([b.id]);
    expect(crewIdsAfterMove(v, a.id, UNASSIGNED_ROW)).toEqual([]);
    expect(crewIdsAfterMove(makeVisit(), UNASSIGNED_ROW, a.id)).toEqual([a.id]);
  });

  it('words an overlap in the workspace zone', () => {
    expect(conflictText({ job_title: 'Gutters', client_name: 'Kim', starts_at: '2026-03-10T15:00:00Z', ends_at: '2026-03-10T16:30:00Z', all_day: false }, CHICAGO)).toBe('Gutters (Kim): 2026-03-10 10:00–11:30');
  });

  it('turns a drop across the spring-forward night into instants: 2 h at 09:00 stays 2 h, the row becomes the crew', () => {
    const north = makeCrew('North');
    const south = makeCrew('South');
    // Saturday 9:00–11:00 CST, dropped on Sunday (CDT) 09:00 in South's row.
    const visit = makeVisit({ starts_at: '2026-03-07T15:00:00.000Z', ends_at: '2026-03-07T17:00:00.000Z', crews: [{ id: north.id, name: 'North', colour: 'teal' }] });
    const [event] = visitsToEvents([visit], CHICAGO);
    expect(dropBody({ payload: event!.payload, newStart: '2026-03-08 09:00:00', toRowId: south.id }, CHICAGO)).toEqual({
      scope: 'this',
      starts_at: '2026-03-08T14:00:00.000Z',
      ends_at: '2026-03-08T16:00:00.000Z',
      crew_ids: [south.id],
    });
    // A drop in its own row sends no crews; across the change itself 01:00–03:00 on the wall (one real hour) is kept as the wall says.
    expect(dropBody({ payload: event!.payload, newStart: '2026-03-08 01:00:00', toRowId: north.id }, CHICAGO)).toEqual({
      scope: 'this',
      starts_at: '2026-03-08T07:00:00.000Z',
      ends_at: '2026-03-08T08:00:00.000Z',
    });
  });
});
