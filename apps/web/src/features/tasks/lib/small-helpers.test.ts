import { describe, expect, it } from 'vitest';
import { canSubmitCreateTask, emptyCreateTaskForm, toCreateTaskBody, validateCreateTask } from './create-task-form';
import { isCompletingSwipe, swipeAxis } from './swipe';

describe('swipe to complete', () => {
  it('decides the axis once the finger has moved, vertical wins ties', () => {
    expect(swipeAxis(4, 2)).toBe('undecided');
    expect(swipeAxis(30, 5)).toBe('horizontal');
    expect(swipeAxis(10, 40)).toBe('vertical');
    expect(swipeAxis(20, 20)).toBe('vertical');
  });

  it('completes only on a horizontal drag to the right of more than 50 px', () => {
    expect(isCompletingSwipe('horizontal', 51)).toBe(true);
    expect(isCompletingSwipe('horizontal', 50)).toBe(false);
    expect(isCompletingSwipe('horizontal', -80)).toBe(false);
    expect(isCompletingSwipe('vertical', 120)).toBe(false);
  });
});

describe('Create Task rules', () => {
  const today = '2025-03-10';
  it('needs a trimmed description and a job; due date not before today', () => {
    expect(validateCreateTask({ ...emptyCreateTaskForm(), description: '   ' }, 'board', today)).toEqual({
      description: 'Task description is required',
      jobId: 'Please select a job for this task',
    });
    const ok = { ...emptyCreateTaskForm('00000000-0000-4000-8000-000000000001'), description: 'Tear off' };
    expect(validateCreateTask({ ...ok, dueDate: '2025-03-09' }, 'board', today)).toEqual({ dueDate: 'Due date cannot be before today' });
    expect(validateCreateTask({ ...ok, dueDate: '2025-03-10' }, 'board', today)).toEqual({});
  });

  it('checks the assignee phone with the contract’s phone rule (the server’s AssigneeSchema)', () => {
    const ok = { ...emptyCreateTaskForm('00000000-0000-4000-8000-000000000001'), description: 'Tear off' };
    expect(validateCreateTask({ ...ok, assignee: '555-1234' }, 'board', today)).toEqual({ assignee: 'Please enter a valid 10-digit phone number' });
    expect(validateCreateTask({ ...ok, assignee: '+1 (512) 555-0178' }, 'board', today)).toEqual({});
  });

  it('on a job the assignee is required too, and Create Task waits for the description and the assignee', () => {
    const onJob = { ...emptyCreateTaskForm('00000000-0000-4000-8000-000000000001'), description: 'Tarp the roof' };
    expect(validateCreateTask(onJob, 'job', today)).toEqual({ assignee: 'Choose who will do this task' });
    expect(validateCreateTask({ ...onJob, assignee: '5125550178' }, 'job', today)).toEqual({});
    expect(canSubmitCreateTask(onJob, 'job')).toBe(false);
    expect(canSubmitCreateTask({ ...onJob, assignee: '5125550178' }, 'job')).toBe(true);
    expect(canSubmitCreateTask({ ...onJob, description: '   ', assignee: '5125550178' }, 'job')).toBe(false);
    // The board's button is always enabled: its errors show when the user submits.
    expect(canSubmitCreateTask(emptyCreateTaskForm(), 'board')).toBe(true);
  });

  it('sends empty assignee, due date and group as null, priority default medium', () => {
    const body = toCreateTaskBody({ ...emptyCreateTaskForm('00000000-0000-4000-8000-000000000001'), description: '  Tear off  ' });
    expect(body).toEqual({ description: 'Tear off', job_id: '00000000-0000-4000-8000-000000000001', assigned_to: null, due_date: null, priority: 'medium', group_id: null });
    const grouped = toCreateTaskBody({ ...emptyCreateTaskForm('00000000-0000-4000-8000-000000000001'), description: 'x', groupId: '00000000-0000-4000-8000-000000000002' });
    expect(grouped.group_id).toBe('00000000-0000-4000-8000-000000000002');
  });
});
