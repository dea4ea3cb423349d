import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordings } from './recordings.schema';
import type { BlobStore } from '../../platform/blob-store';
import { itemAdded } from '../../platform/item-events';
import { transcriptFileName } from './drive-items';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import type { TableWorker } from '../../platform/table-worker';
import { audioDuration, MissingProgramError, toSpeechWav } from './transcribe/audio-tools';
import type { Transcriber, Transcription } from './transcribe/transcriber';

/**
 * One audio file to text, as the worker does it (bench/transcription.ts measures this same path): its length, the
 * audio decoded to 16 kHz mono WAV in `dir`, then the transcriber's segments and confidence.
 */
export async function transcribeAudioFile(opts: { original: string; fileName: string; mimeType: string; transcriber: Transcriber; dir: string }): Promise<Transcription & { durationSeconds: number | null }> {
  const durationSeconds = await audioDuration(opts.original);
  const wav16k = path.join(opts.dir, 'speech.wav');
  await toSpeechWav(opts.original, wav16k, durationSeconds);
  const result = await opts.transcriber.transcribe({ original: opts.original, fileName: opts.fileName, mimeType: opts.mimeType, wav16k, durationSeconds });
  return { ...result, durationSeconds };
}

const MAX_ATTEMPTS = 5;
/** A claimed recording is reserved this long (long calls take minutes to decode). */
const CLAIM_LEASE_MS = 30 * 60_000;

type Row = typeof recordings.$inferSelect;

export const transcriptionGivenUp = (attempts: number) =>
  `Transcription stopped: ${attempts} attempts ended without a result (the recording may need more memory or time than transcription allows)`;

export type TranscriptionJobDeps = { db: Db; blobs: BlobStore; transcriber: Transcriber };

/**
 * Transcribes stored recordings in the background, a job of the runner (platform/jobs.ts). The recordings table is
 * the queue (ADR 0006): a stored row whose transcription is pending (or processing with a lease that ran out) and
 * due is claimed, the audio is decoded to 16 kHz mono WAV with ffmpeg and handed to the transcriber; the segments,
 * the text and the engine's name — or the error with a backoff of 1 min × 2^attempts, failed after five tries —
 * go back to the row.
 */
export function transcriptionJob(opts: TranscriptionJobDeps) {
  const { db, blobs, transcriber } = opts;

  async function work(row: Row): Promise<void> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-transcribe-'));
    try {
      const blob = await blobs.get(row.storageKey);
      if (!blob) throw new Error('The recording’s audio is missing');
      const original = path.join(dir, `original.${row.fileType}`);
      await pipeline(blob.body, createWriteStream(original));
      const { durationSeconds, segments, confidence } = await transcribeAudioFile({ original, fileName: row.fileName, mimeType: row.mimeType, transcriber, dir });
      const transcriptText = segments.map((s) => s.text).join('\n');
      await db
        .update(recordings)
        .set({
          transcriptionStatus: 'done',
          transcriptSegments: segments,
          transcriptText,
          transcriptEngine: transcriber.engine,
          transcriptConfidence: confidence,
          transcriptionError: null,
          durationSeconds,
          lockedUntil: null,
        })
        .where(eq(recordings.id, row.id));
      // Spec 001 §7: 'phone_', the call's date and time in the workspace's zone, and the number (Drive copies it).
      const name = await transcriptFileName(db, row);
      await itemAdded(db, { kind: 'transcript', id: row.id, userId: row.userId, workspaceId: row.workspaceId, name, mimeType: 'text/plain', blobKey: null, text: transcriptText, size: Buffer.byteLength(transcriptText) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return defineJob<Row>({
    name: 'transcription',
    queue: {
      table: recordings,
      key: recordings.id,
      pending: and(eq(recordings.status, 'stored'), inArray(recordings.transcriptionStatus, ['pending', 'processing']))!,
      dueAt: recordings.nextAttemptAt,
      lockedUntil: recordings.lockedUntil,
      attempts: recordings.attempts,
      failed: eq(recordings.transcriptionStatus, 'failed'),
      // One company's bulk upload does not keep another's file waiting behind it.
      fairBy: recordings.workspaceId,
    },
    leaseMs: CLAIM_LEASE_MS,
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: (attempts) => 60_000 * 2 ** attempts,
    intervalMs: 3000,
    describe: (row) => `transcribing recording ${row.id}`,
    work,
    onClaim: { transcriptionStatus: 'processing' },
    // A missing program will not appear by retrying: fail at once with the way to fix it.
    isFinal: (err) => err instanceof MissingProgramError,
    onRetry: (_row, reason) => ({ transcriptionError: reason, transcriptionStatus: 'pending' }),
    onGiveUp: (_row, reason) => ({ transcriptionError: reason, transcriptionStatus: 'failed' }),
    givenUpReason: transcriptionGivenUp,
  });
}

/** The transcription job run on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startTranscriptionWorker(opts: TranscriptionJobDeps & { intervalMs?: number; log?: JobLog }): TableWorker {
  return startJob(opts.db, transcriptionJob(opts), { intervalMs: opts.intervalMs, log: opts.log });
}
