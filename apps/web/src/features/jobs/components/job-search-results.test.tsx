import { searchEndpoints } from '@fieldbook/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { JobSearchResults } from './job-search-results';

afterEach(() => vi.unstubAllGlobals());

const hit = {
  type: 'job' as const,
  title: 'Roof repair',
  description: null,
  excerpt: 'Client: <b>Lopez</b>',
  match_reason: 'Matched "lopez" in client name',
  score: 0.9,
  status: 'active',
  priority: null,
  task_id: null,
};

describe('search results: a job’s next visit (issue 34)', () => {
  it('a job hit shows when the crew goes next; a job without one shows nothing about visits', async () => {
    const a = '00000000-0000-4000-8000-00000000aa01';
    const b = '00000000-0000-4000-8000-00000000aa02';
    fakeApi().on(searchEndpoints.search, {
      success: true,
      summary: 'Found 2 jobs matching "Lopez"',
      results: [
        { ...hit, id: a, job_id: a, next_visit: { id: '00000000-0000-4000-8000-00000000aa03', local_date: '2026-03-12', all_day: false, start_time: '08:00', end_time: '11:00', status: 'scheduled', crews: ['North crew'] } },
        { ...hit, id: b, job_id: b, title: 'Fence', next_visit: null },
      ],
    });
    renderWithProviders(<JobSearchResults term="Lopez" onClose={() => {}} />);
    const [first, second] = await screen.findAllByTestId('search-result');
    expect(within(first!).getByText('Next visit: Thu 2026-03-12 · 08:00–11:00 · North crew')).toBeTruthy();
    expect(within(second!).queryByTestId('search-next-visit')).toBeNull();
  });
});
