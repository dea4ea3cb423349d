import OpenAI from 'openai';
import type { Config } from '../config';

export type LlmConfig = NonNullable<Config['llm']>;

/**
 * The OpenAI-compatible API (LLM_BASE_URL) through the official SDK: chat completions for the assistant, files and
 * fine-tuning jobs for group assistants. One retry on a dropped connection or a 5xx (the SDK's own backoff); the
 * callers record what still fails.
 */
export function llmClient(llm: LlmConfig): OpenAI {
  return new OpenAI({ baseURL: llm.baseUrl, apiKey: llm.apiKey ?? 'not-needed', maxRetries: 1, timeout: 120_000 });
}

/** A failure of the API as one readable line: its status and its own message when it sent one. */
export function llmErrorReason(err: unknown): string {
  if (err instanceof OpenAI.APIError) return `The language model API answered ${err.status ?? 'without a status'}: ${err.error && typeof err.error === 'object' && 'message' in err.error ? String((err.error as { message: unknown }).message) : err.message}`;
  if (err instanceof Error) return `The language model API could not be reached: ${err.message}`;
  return 'The language model API failed';
}
