import { describe, expect, it } from 'vitest';
import { makeRow, makeStats } from '../components/fake-assistant-api';
import { pollInterval as intervalFor, RUNNING_POLL_MS } from './get-group-assistants';

describe('the list polls while a training job runs', () => {
  it('asks again every ~3 s while any row is collecting, preparing or fine-tuning', () => {
    expect(RUNNING_POLL_MS).toBe(3000);
    for (const s of ['collecting_examples', 'preparing_data', 'fine_tuning'] as const) {
      expect(intervalFor([makeRow('Office', null), makeRow('Roofers', makeStats({ creation_status: s }))])).toBe(3000);
    }
  });

  it('stops when none is', () => {
    expect(intervalFor(undefined)).toBe(false);
    expect(intervalFor([makeRow('Office', null), makeRow('Roofers', makeStats({ creation_status: 'completed' })), makeRow('Yard', makeStats({ creation_status: 'failed' }))])).toBe(false);
  });
});
