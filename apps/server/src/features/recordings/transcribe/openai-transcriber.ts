import { readFile } from 'node:fs/promises';
import type { TranscriptSegment } from '@fieldbook/contract';
import { segmentConfidenceSummary, type ScoredSegment } from './confidence';
import type { Transcriber } from './transcriber';

type VerboseTranscription = { text?: string; segments?: (ScoredSegment & { text: string })[] };

/** Where speech to text is sent (config `stt`: STT_BASE_URL, STT_API_KEY, STT_MODEL, defaulting to the LLM_* values). */
export type SttEndpoint = { baseUrl: string; apiKey: string | null; model: string };

/**
 * An OpenAI-compatible `/audio/transcriptions` API (STT_BASE_URL, e.g. https://api.openai.com/v1 or a self-hosted
 * Whisper server): the original file as multipart, verbose JSON with segment timestamps — and, from Whisper, each
 * segment's avg_logprob / no_speech_prob, the transcript's confidence (unknown when the server leaves them out).
 */
export function openAiTranscriber(stt: SttEndpoint): Transcriber {
  return {
    engine: stt.model,
    async transcribe({ original, fileName, mimeType }) {
      const form = new FormData();
      form.append('file', new Blob([await readFile(original)], { type: mimeType }), fileName);
      form.append('model', stt.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      const res = await fetch(`${stt.baseUrl}/audio/transcriptions`, {
        method: 'POST',
        body: form,
        headers: stt.apiKey ? { authorization: `Bearer ${stt.apiKey}` } : {},
        signal: AbortSignal.timeout(10 * 60_000),
      });
      const text = await res.text();
      if (!res.ok) {
        let reason = text.slice(0, 300);
        try {
          reason = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? reason;
        } catch {
          // not JSON: the start of the body is the reason
        }
        throw new Error(`Transcription API answered ${res.status}: ${reason}`);
      }
      const body = JSON.parse(text) as VerboseTranscription;
      const spoken = (body.segments ?? []).filter((s) => s.text.trim());
      const segments: TranscriptSegment[] = spoken.map((s) => ({ start: s.start, end: s.end, text: s.text.trim() }));
      if (segments.length === 0 && body.text?.trim()) segments.push({ start: 0, end: 0, text: body.text.trim() });
      return { segments, confidence: segmentConfidenceSummary(spoken) };
    },
  };
}
