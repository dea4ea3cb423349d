import { SearchResultSchema, type SearchResult } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { searchResultHref } from './search-result-card';

const hit = (over: Partial<SearchResult>): SearchResult =>
  SearchResultSchema.parse({
    id: '6f1c1d1e-0000-4000-8000-0000000000a1',
    type: 'task',
    title: 't',
    description: null,
    excerpt: '',
    match_reason: '',
    score: 0.5,
    status: null,
    priority: null,
    job_id: null,
    task_id: null,
    ...over,
  });

describe('search result types (spec 001 §3: document, task, other; jobs kept as their own)', () => {
  it('opens a task, a job, a document, a recording, and another kind of hit through its job', () => {
    const job = '6f1c1d1e-0000-4000-8000-0000000000b2';
    expect(searchResultHref(hit({ type: 'task', task_id: job }))).toBe(`/tasks/${job}`);
    expect(searchResultHref(hit({ type: 'job', job_id: job }))).toBe(`/jobs/${job}`);
    expect(searchResultHref(hit({ type: 'document' }))).toBe('/documents/6f1c1d1e-0000-4000-8000-0000000000a1');
    expect(searchResultHref(hit({ type: 'other', job_id: job }))).toBe(`/jobs/${job}`);
    expect(searchResultHref(hit({ type: 'recording' }))).toBe('/recordings?id=6f1c1d1e-0000-4000-8000-0000000000a1');
    expect(() => hit({ type: 'voicemail' as SearchResult['type'] })).toThrow();
  });
});
