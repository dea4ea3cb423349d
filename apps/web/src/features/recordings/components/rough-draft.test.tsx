import { ROUGH_DRAFT_LABEL, type Recording } from '@fieldbook/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { fakeRecordingsApi, makeRecording, renderRecordingsScreen } from './recordings-screen-fixtures';

const call = (n: number, name: string, confidence: Recording['transcript_confidence']) =>
  makeRecording(n, name, {
    file_type: 'wav',
    mime_type: 'audio/wav',
    transcript_confidence: confidence,
    transcript: { text: `${name} words`, segments: [{ start: 0, end: 2, text: `${name} words` }] },
  });
// What the embedded engine measured on a clean call and on the same call through the telephone band (bench/README.md).
const ROUGH = call(1, 'phone-call.wav', { measure: 'word_confidence', rough_draft: true, words: 6, confident_words: 1, speech_seconds: 6.93 });
const CLEAN = call(2, 'clean-call.wav', { measure: 'word_confidence', rough_draft: false, words: 27, confident_words: 22, speech_seconds: 6.86 });
// An API that gave no avg_logprob: confidence unknown, never called a rough draft.
const UNKNOWN = call(3, 'api-call.wav', null);

let api: FakeApi;

beforeEach(() => {
  api = fakeRecordingsApi([ROUGH, CLEAN, UNKNOWN]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('a transcript the engine was unsure of', () => {
  it('is labelled a rough draft in the list and in its transcript; a confident or unknown one is not', async () => {
    renderRecordingsScreen();
    const user = userEvent.setup();
    const rough = await screen.findByRole('article', { name: 'phone-call.wav' });
    const clean = screen.getByRole('article', { name: 'clean-call.wav' });
    const unknown = screen.getByRole('article', { name: 'api-call.wav' });
    expect(within(rough).getByText(ROUGH_DRAFT_LABEL)).toBeTruthy();
    expect(within(clean).queryByText(ROUGH_DRAFT_LABEL)).toBeNull();
    expect(within(unknown).queryByText(ROUGH_DRAFT_LABEL)).toBeNull();

    await user.click(within(rough).getByRole('button', { name: 'Show transcript' }));
    const view = await within(rough).findByTestId('transcript-rough-draft');
    expect(within(view).getByText(ROUGH_DRAFT_LABEL)).toBeTruthy();
    expect(within(view).getByText('Most words were unclear to the engine: listen to the call before relying on this.')).toBeTruthy();
    expect(within(rough).getByText('phone-call.wav words')).toBeTruthy();

    await user.click(within(clean).getByRole('button', { name: 'Show transcript' }));
    expect(await within(clean).findByText('clean-call.wav words')).toBeTruthy();
    expect(within(clean).queryByTestId('transcript-rough-draft')).toBeNull();
  });
});
