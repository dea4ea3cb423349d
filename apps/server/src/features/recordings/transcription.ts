import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recordings } from '../../db/schema';
import type { BlobStore } from '../../platform/blob-store';
import { startTableWorker, type TableWorker } from '../../platform/table-worker';
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

/**
 * Transcribes stored recordings in the background. The recordings table is the queue (ADR 0006): a stored row whose
 * transcription is pending (or processing with an expired lease) and due is claimed, the audio is decoded to 16 kHz
 * mono WAV with ffmpeg and handed to the transcriber; the segments, the text and the engine's name — or the error
 * with a backoff of 1 min × 2^attempts, failed after five tries — go back to the row.
 */
export function startTranscriptionWorker(opts: { db: Db; blobs: BlobStore; transcriber: Transcriber; intervalMs?: number; log?: (msg: string, err?: unknown) => void }): TableWorker {
  const { db, blobs, transcriber } = opts;

  const claim = () =>
    db.transaction(async (tx) => {
      for (;;) {
        const [row] = await tx
          .select()
          .from(recordings)
          .where(and(eq(recordings.status, 'stored'), inArray(recordings.transcriptionStatus, ['pending', 'processing']), lte(recordings.nextAttemptAt, sql`now()`)))
          .orderBy(recordings.nextAttemptAt)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return null;
        // Its attempts are used up yet it is still due: every one was claimed and none wrote an outcome (a failure
        // at the last one fails the row) — the work took its process down. Give it up instead of trying again.
        if (row.attempts >= MAX_ATTEMPTS) {
          await tx.update(recordings).set({ transcriptionStatus: 'failed', transcriptionError: transcriptionGivenUp(row.attempts) }).where(eq(recordings.id, row.id));
          opts.log?.(`transcribing recording ${row.id} given up: ${row.attempts} attempts ended without a result`);
          continue;
        }
        const attempts = row.attempts + 1;
        await tx
          .update(recordings)
          .set({ attempts, transcriptionStatus: 'processing', nextAttemptAt: new Date(Date.now() + CLAIM_LEASE_MS) })
          .where(eq(recordings.id, row.id));
        return { ...row, attempts };
      }
    });

  async function work(row: Row): Promise<void> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-transcribe-'));
    try {
      const blob = await blobs.get(row.storageKey);
      if (!blob) throw new Error('The recording’s audio is missing');
      const original = path.join(dir, `original.${row.fileType}`);
      await pipeline(blob.body, createWriteStream(original));
      const { durationSeconds, segments, confidence } = await transcribeAudioFile({ original, fileName: row.fileName, mimeType: row.mimeType, transcriber, dir });
      await db
        .update(recordings)
        .set({
          transcriptionStatus: 'done',
          transcriptSegments: segments,
          transcriptText: segments.map((s) => s.text).join('\n'),
          transcriptEngine: transcriber.engine,
          transcriptConfidence: confidence,
          transcriptionError: null,
          durationSeconds,
        })
        .where(eq(recordings.id, row.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      opts.log?.(`transcribing recording ${row.id} failed (attempt ${row.attempts})`, err);
      // A missing program will not appear by retrying: fail at once with the way to fix it.
      const giveUp = row.attempts >= MAX_ATTEMPTS || err instanceof MissingProgramError;
      await db
        .update(recordings)
        .set({ transcriptionError: message, transcriptionStatus: giveUp ? 'failed' : 'pending', nextAttemptAt: new Date(Date.now() + 60_000 * 2 ** row.attempts) })
        .where(eq(recordings.id, row.id));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return startTableWorker({ claim, work, intervalMs: opts.intervalMs, onError: (err) => opts.log?.('transcription failed', err) });
}
