import type { TrainingExample } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { countByStatus, exportFileName, filterExamples, sortBestFirst } from './training-examples';

let n = 0;
const ex = (quality: number, status: TrainingExample['status'], created = '2026-01-01T00:00:00.000Z'): TrainingExample => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  group_id: '00000000-0000-4000-8000-0000000000c1',
  question: `Q${n}?`,
  answer: `A${n}`,
  source_type: 'document',
  source_id: null,
  quality_score: quality,
  status,
  created_at: created,
  updated_at: created,
});

describe('training examples', () => {
  const low = ex(0.4, 'pending');
  const high = ex(0.9, 'approved');
  const midOld = ex(0.7, 'rejected', '2026-01-01T00:00:00.000Z');
  const midNew = ex(0.7, 'approved', '2026-02-01T00:00:00.000Z');
  const all = [low, midOld, high, midNew];

  it('sorts best first, the newest first among equals', () => {
    expect(sortBestFirst(all)).toEqual([high, midNew, midOld, low]);
  });

  it('counts each status', () => {
    expect(countByStatus(all)).toEqual({ all: 4, pending: 1, approved: 2, rejected: 1 });
    expect(countByStatus([])).toEqual({ all: 0, pending: 0, approved: 0, rejected: 0 });
  });

  it('filters by status', () => {
    expect(filterExamples(all, 'approved')).toEqual([high, midNew]);
    expect(filterExamples(all, 'all')).toEqual(all);
  });

  it('names the export after the group', () => {
    expect(exportFileName('abc')).toBe('training-examples-abc.json');
  });
});
