import { ASSISTANT_STATUSES } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { formatQuality, isRunning, modelLabel, progressOf, shortId, STATUS_FILTER_OPTIONS, statusColor, statusLabel } from './assistant-status';

describe('assistant status display', () => {
  it('replaces underscores with spaces', () => {
    expect(statusLabel('collecting_examples')).toBe('collecting examples');
    expect(statusLabel('fine_tuning')).toBe('fine tuning');
    expect(statusLabel('completed')).toBe('completed');
  });

  it('gives every status its own colour, and Not Initialized another', () => {
    const colors = ASSISTANT_STATUSES.map((s) => statusColor(s));
    expect(new Set(colors).size).toBe(ASSISTANT_STATUSES.length);
    expect(colors).not.toContain(statusColor(null));
    expect(statusColor('failed')).toBe('red');
    expect(statusColor('completed')).toBe('green');
  });

  it('offers the spec’s Status filter options in order', () => {
    expect(STATUS_FILTER_OPTIONS.map((o) => o.label)).toEqual(['All', 'Not Started', 'Collecting Examples', 'Preparing Data', 'Fine Tuning', 'Completed', 'Failed']);
  });

  it('shows quality as a percent with no decimals', () => {
    expect(formatQuality(0.784)).toBe('78%');
    expect(formatQuality(0.785)).toBe('79%');
    expect(formatQuality(1)).toBe('100%');
    expect(formatQuality(0)).toBe('0%');
    expect(formatQuality(null)).toBe('—');
  });

  it('knows the running states and how far along they are', () => {
    expect(ASSISTANT_STATUSES.filter((s) => isRunning(s))).toEqual(['collecting_examples', 'preparing_data', 'fine_tuning']);
    expect(isRunning(null)).toBe(false);
    const steps = ['collecting_examples', 'preparing_data', 'fine_tuning'] as const;
    const percents = steps.map((s) => progressOf(s)!.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(progressOf('completed')).toBeNull();
    expect(progressOf(null)).toBeNull();
  });

  it('labels models, Default when there is none', () => {
    expect(modelLabel('gpt-4.1-mini')).toBe('GPT-4o Mini');
    expect(modelLabel('gpt-4o')).toBe('GPT-4o');
    expect(modelLabel('ft:gpt-4o:x')).toBe('ft:gpt-4o:x');
    expect(modelLabel('')).toBe('Default');
    expect(modelLabel(null)).toBe('Default');
  });

  it('truncates ids to 8 characters', () => {
    expect(shortId('0f3c9a2b-1111-4000-8000-000000000001')).toBe('0f3c9a2b');
  });
});
