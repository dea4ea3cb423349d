import {
  ASSISTANT_STREAM_CONTENT_TYPE,
  AssistantStreamEventSchema,
  assistantEndpoints,
  type AssistantSource,
  type AssistantStreamEvent,
  type EndpointBody,
} from '@fieldbook/contract';
import { ApiRequestError, apiErrorFrom, buildUrl, rawApiAccess } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';
import { createLineSplitter } from '../lib/ndjson';

export type AskBody = EndpointBody<typeof assistantEndpoints.query>;
export type AskHandlers = {
  signal?: AbortSignal;
  /** The sources are known and the answer is about to be written. */
  onStart?: (event: Extract<AssistantStreamEvent, { type: 'start' }>) => void;
  /** The next piece of the answer's text. */
  onDelta?: (text: string) => void;
};
/** The finished answer; `message_index` is null when the server did not say (the plain query). */
export type AskResult = { conversation_id: string; answer: string; sources: AssistantSource[]; message_index: number | null };

/** A model that writes slowly still sends something this often; silence longer than this is a dead stream. */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;
/** The plain query waits for the whole answer (with a model, longer than the API's usual 3 s). */
export const QUERY_TIMEOUT_MS = 60_000;

/**
 * Statuses that mean "no stream here", not "your question failed": a server without the streaming endpoint (404,
 * 405, 501), or a session the stream's plain fetch could not renew (401, 403). The plain query answers these —
 * its request layer refreshes the session and retries.
 */
const STREAM_UNAVAILABLE = new Set([401, 403, 404, 405, 501]);

class StreamUnavailable extends Error {}

/**
 * Asks the assistant, the answer streamed as it is written (POST /api/assistant/query/stream, NDJSON events);
 * where the stream is unavailable, the same question through POST /api/assistant/query, answered at once.
 * Rejects on failure (an ApiRequestError, or an Error for a broken stream); an abort rejects with the abort.
 */
export async function askAssistant(body: AskBody, handlers: AskHandlers = {}): Promise<AskResult> {
  try {
    return await askStreaming(body, handlers);
  } catch (err) {
    if (!(err instanceof StreamUnavailable)) throw err;
    const answer = await callEndpoint(assistantEndpoints.query, { body, timeoutMs: QUERY_TIMEOUT_MS, ...(handlers.signal ? { signal: handlers.signal } : {}) });
    return { ...answer, message_index: null };
  }
}

async function askStreaming(body: AskBody, { signal, onStart, onDelta }: AskHandlers): Promise<AskResult> {
  const { baseUrl, token } = await rawApiAccess();
  // One controller for the caller's abort and the idle timer, so either stops the read.
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop);
  let timedOut = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = true;
      stop();
    }, STREAM_IDLE_TIMEOUT_MS);
  };
  try {
    touch();
    let res: Response;
    try {
      res = await fetch(buildUrl(baseUrl, assistantEndpoints.queryStream.path), {
        method: assistantEndpoints.queryStream.method,
        headers: { Accept: ASSISTANT_STREAM_CONTENT_TYPE, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      if (timedOut) throw new ApiRequestError(0, 'TIMEOUT', 'The server took too long to answer. Please try again.');
      // Unreachable: the plain query has the request layer's retries and its connection message.
      throw new StreamUnavailable();
    }
    if (STREAM_UNAVAILABLE.has(res.status)) throw new StreamUnavailable();
    if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null), res.statusText);
    // A 200 that is not the stream (an old server's SPA fallback, a proxy page) is no stream either.
    if (!(res.headers.get('content-type') ?? '').includes(ASSISTANT_STREAM_CONTENT_TYPE) || !res.body) throw new StreamUnavailable();
    return await readEvents(res.body, { touch, onStart, onDelta });
  } catch (err) {
    if (timedOut && !signal?.aborted) throw new ApiRequestError(0, 'TIMEOUT', 'The answer stopped arriving. Please try again.');
    throw err;
  } finally {
    clearTimeout(idle);
    signal?.removeEventListener('abort', stop);
  }
}

async function readEvents(stream: ReadableStream<Uint8Array>, { touch, onStart, onDelta }: { touch: () => void } & Pick<AskHandlers, 'onStart' | 'onDelta'>): Promise<AskResult> {
  const reader = stream.getReader();
  const decoder = new TextDecoder(); // stream mode below: a character split across chunks is joined
  const splitter = createLineSplitter();
  let started: Extract<AssistantStreamEvent, { type: 'start' }> | null = null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      touch();
      const lines = done ? [...splitter.push(decoder.decode()), ...splitter.flush()] : splitter.push(decoder.decode(value, { stream: true }));
      for (const line of lines) {
        const event = parseEvent(line);
        if (event.type === 'start') {
          started = event;
          onStart?.(event);
        } else if (event.type === 'delta') {
          onDelta?.(event.text);
        } else if (event.type === 'error') {
          throw new Error(event.message);
        } else {
          return { conversation_id: event.conversation_id, answer: event.answer, sources: started?.sources ?? [], message_index: event.message_index };
        }
      }
      if (done) throw new Error('The answer stream ended before the answer was finished');
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

function parseEvent(line: string): AssistantStreamEvent {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new Error('The answer stream sent a line that is not JSON');
  }
  const parsed = AssistantStreamEventSchema.safeParse(json);
  if (!parsed.success) {
    console.error('An answer stream event does not match its contract', parsed.error.issues);
    throw new Error('The answer stream sent an event of the wrong shape');
  }
  return parsed.data;
}
