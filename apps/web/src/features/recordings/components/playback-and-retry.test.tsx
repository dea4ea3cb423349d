import { recordingEndpoints } from '@fieldbook/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeApi } from '../../../test/fake-api';
import { fakeRecordingsApi, makeRecording, renderRecordingsScreen } from './recordings-screen-fixtures';

const at = { size: 2048, duration_seconds: 30, recorded_at: '2026-11-24T15:30:12.000Z', created_at: '2026-11-24T15:31:00.000Z', updated_at: '2026-11-24T15:31:00.000Z' };
const FIRST = makeRecording(0xf001, 'first-call.m4a', at);
const SECOND = makeRecording(0xf002, 'second-call.m4a', at);
const FAILED = makeRecording(0xf003, 'failed-call.m4a', { ...at, transcription_status: 'failed', transcription_error: 'No speech engine answered', transcript_engine: null });
const playbackUrl = (name: string) => ({ url: `/api/recording-audio/${name}-token-0123456789`, expires_at: '2026-11-25T00:00:00.000Z' });

/** The page's one <audio> element, as a stand-in that records what it was told to play. */
class FakeAudio {
  static last: FakeAudio | null = null;
  src = '';
  currentTime = 0;
  preload = '';
  ontimeupdate: (() => void) | null = null;
  onended: (() => void) | null = null;
  constructor() {
    FakeAudio.last = this;
  }
  play() {
    return Promise.resolve();
  }
  pause() {}
}

let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  FakeAudio.last = null;
  api = fakeRecordingsApi([FIRST, SECOND, FAILED]).on(recordingEndpoints.playbackUrl, ({ params }) => playbackUrl(params.id === FIRST.id ? 'first' : 'second'));
  vi.stubGlobal('Audio', FakeAudio);
});
afterEach(() => {
  toast.remove();
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('Playing recordings', () => {
  it('rapid Play clicks play the last one clicked, even when an earlier one’s audio address arrives later', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstAnswered = false;
    api.on(recordingEndpoints.playbackUrl, async ({ params }) => {
      if (params.id !== FIRST.id) return playbackUrl('second');
      await firstHeld;
      firstAnswered = true;
      return playbackUrl('first');
    });
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Play ${FIRST.name}` }));
    await user.click(screen.getByRole('button', { name: `Play ${SECOND.name}` }));
    expect(await screen.findByRole('button', { name: `Stop ${SECOND.name}` })).toBeTruthy();
    expect(FakeAudio.last!.src).toContain('second-token');

    await act(async () => releaseFirst());
    await waitFor(() => expect(firstAnswered).toBe(true));
    await new Promise((r) => setTimeout(r, 30));
    expect(FakeAudio.last!.src).toContain('second-token');
    expect(screen.getByRole('button', { name: `Stop ${SECOND.name}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Play ${FIRST.name}` })).toBeTruthy();
  });

  it('after Play of one, Play of another and Stop, the first one’s late audio address starts nothing', async () => {
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    api.on(recordingEndpoints.playbackUrl, async ({ params }) => {
      if (params.id !== FIRST.id) return playbackUrl('second');
      await firstHeld;
      return playbackUrl('first');
    });
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Play ${FIRST.name}` }));
    await user.click(screen.getByRole('button', { name: `Play ${SECOND.name}` }));
    await user.click(await screen.findByRole('button', { name: `Stop ${SECOND.name}` }));
    await act(async () => releaseFirst());
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('button', { name: /^Stop / })).toBeNull();
    expect(FakeAudio.last!.src).not.toContain('first-token');
  });
});

describe('Retry transcription', () => {
  it('a failed retry shows an error toast with the reason', async () => {
    api.on(recordingEndpoints.retryTranscription, apiError(429, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'));
    renderRecordingsScreen(`/recordings?id=${FAILED.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry transcription' }));
    expect(await screen.findByText('Failed to retry transcription: Too many requests. Please wait a moment and try again.')).toBeTruthy();
  });
});
