import { describe, expect, it } from 'vitest';
import { canSubmitJobTask } from './job-task-draft';

const draft = { description: 'Tarp the roof', assigneePhone: '5125550178', priority: 'medium' as const, dueDate: '' };

describe('canSubmitJobTask', () => {
  it('needs a description and an assignee, nothing else', () => {
    expect(canSubmitJobTask(draft)).toBe(true);
  });

  it('refuses a blank description or no assignee', () => {
    expect(canSubmitJobTask({ ...draft, description: '   ' })).toBe(false);
    expect(canSubmitJobTask({ ...draft, assigneePhone: null })).toBe(false);
  });
});
