import { PassThrough } from 'node:stream';
import { ASSISTANT_SEND_FAILED, ASSISTANT_STREAM_CONTENT_TYPE, type AssistantStreamEvent } from '@fieldbook/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { prepareQuestion, storeExchange, type AssistantQuestion, type PreparedQuestion } from './assistant.service';
import { composeAnswer, type AnswerModel } from './llm-answer';

type StreamOptions = { db: Db; actor: Actor; body: AssistantQuestion; now: () => Date; llm: AnswerModel | null; reply: FastifyReply };

/**
 * POST /api/assistant/query/stream: the answer as newline-delimited JSON events (AssistantStreamEventSchema) —
 * start with the sources, the text in pieces as the model writes it, then done. Every check runs first, so a
 * refusal is an ordinary JSON error. A failed model answers as in the plain query (composeAnswer): `done` carries the
 * passages, which replace any pieces already sent; any other failure once streaming is an `error` event. The stream is Fastify's reply
 * body (not a hijacked socket), so CORS and the security headers still apply; each event is written as soon as it
 * exists. The exchange is stored only when the answer is whole: a broken or abandoned answer leaves nothing behind.
 */
export async function streamAssistant(opts: StreamOptions): Promise<FastifyReply> {
  const prepared = await prepareQuestion(opts);
  const out = new PassThrough();
  // The caller hanging up stops the model (and its bill) at once.
  const abort = new AbortController();
  opts.reply.raw.on('close', () => {
    if (!opts.reply.raw.writableFinished) abort.abort();
  });
  void writeEvents(opts, prepared, out, abort.signal);
  return opts.reply.header('cache-control', 'no-cache').header('x-accel-buffering', 'no').type(ASSISTANT_STREAM_CONTENT_TYPE).send(out);
}

async function writeEvents(opts: StreamOptions, prepared: PreparedQuestion, out: PassThrough, signal: AbortSignal): Promise<void> {
  const send = (event: AssistantStreamEvent) => out.write(`${JSON.stringify(event)}\n`);
  const { sources } = prepared;
  send({ type: 'start', conversation_id: prepared.conversationId, sources: opts.body.include_sources ? sources : [] });
  try {
    // The same decision as the plain query (composeAnswer); here the model's pieces go out as they are written.
    const answer = await composeAnswer({ db: opts.db, llm: opts.llm, prepared, log: opts.reply.log, signal, onPiece: (text) => send({ type: 'delta', text }) });
    if (signal.aborted) return;
    const stored = await storeExchange({ db: opts.db, actor: opts.actor, prepared, answer, now: opts.now() });
    send({ type: 'done', conversation_id: stored.conversation_id, answer, message_index: stored.message_index });
  } catch (err) {
    if (signal.aborted) return;
    opts.reply.log.warn({ err }, 'assistant: the streamed answer failed; nothing of it was stored');
    send({ type: 'error', message: ASSISTANT_SEND_FAILED });
  } finally {
    out.end();
  }
}
