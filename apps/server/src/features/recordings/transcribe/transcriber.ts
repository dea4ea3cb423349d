import type { TranscriptConfidence, TranscriptSegment } from '@fieldbook/contract';

/** Speech to text with segment timestamps. Gets the original file and the same audio as 16 kHz mono WAV. */
export type Transcriber = {
  /** Shown with the transcript: which engine wrote it. */
  engine: string;
  /** The segments, and how sure the engine was (null: it gave nothing to judge by). */
  transcribe(audio: { original: string; fileName: string; mimeType: string; wav16k: string; durationSeconds: number | null }): Promise<Transcription>;
};

export type Transcription = { segments: TranscriptSegment[]; confidence: TranscriptConfidence | null };
