import { readFile } from 'node:fs/promises';
import type { TranscriptSegment } from '@fieldbook/contract';
import type { Transcriber } from './transcriber';

type VerboseTranscription = { text?: string; segments?: { start: number; end: number; text: string }[] };

/**
 * An OpenAI-compatible `/audio/transcriptions` API (LLM_BASE_URL, e.g. https://api.openai.com/v1): the original
 * file as multipart, verbose JSON with segment timestamps.
 */
export function openAiTranscriber(llm: { baseUrl: string; apiKey: string | null; transcriptionModel: string }): Transcriber {
  return {
    engine: llm.transcriptionModel,
    async transcribe({ original, fileName, mimeType }) {
      const form = new FormData();
      form.append('file', new Blob([await readFile(original)], { type: mimeType }), fileName);
      form.append('model', llm.transcriptionModel);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'segment');
      const res = await fetch(`${llm.baseUrl}/audio/transcriptions`, {
        method: 'POST',
        body: form,
        headers: llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {},
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
      const segments: TranscriptSegment[] = (body.segments ?? []).map((s) => ({ start: s.start, end: s.end, text: s.text.trim() })).filter((s) => s.text);
      if (segments.length === 0 && body.text?.trim()) segments.push({ start: 0, end: 0, text: body.text.trim() });
      return segments;
    },
  };
}
