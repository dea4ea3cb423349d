import type { TranscriptSegment } from '@fieldbook/contract';

/** Speech to text with segment timestamps. Gets the original file and the same audio as 16 kHz mono WAV. */
export type Transcriber = {
  /** Shown with the transcript: which engine wrote it. */
  engine: string;
  transcribe(audio: { original: string; fileName: string; mimeType: string; wav16k: string; durationSeconds: number | null }): Promise<TranscriptSegment[]>;
};
