import { PassThrough } from 'node:stream';
import { ASSISTANT_NO_ANSWER, ASSISTANT_SEND_FAILED, ASSISTANT_STREAM_CONTENT_TYPE, type AssistantStreamEvent } from '@fieldbook/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { extractiveAnswer } from './answer-text';
import { prepareQuestion, storeExchange, type AssistantQuestion, type PreparedQuestion } from './assistant.service';
import { chatRequestFor, streamAnswer, type AnswerModel } from './llm-answer';

type StreamOptions = { db: Db; actor: Actor; body: AssistantQuestion; now: () => Date; llm: AnswerModel | null; reply: FastifyReply };

/**
 * POST /api/assistant/query/stream: the answer as newline-delimited JSON events (AssistantStreamEventSchema) —
 * start with the sources, the text in pieces as the model writes it, then done. Every check runs first, so a
 * refusal is an ordinary JSON error; once streaming, a failure is an `error` event. The stream is Fastify's reply
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
  let answer = '';
  try {
    if (sources.length === 0 || !opts.llm) {
      // Nothing found needs no model; without one, the extractive answer is one piece.
      answer = sources.length === 0 ? ASSISTANT_NO_ANSWER : extractiveAnswer(sources);
      send({ type: 'delta', text: answer });
    } else {
      const request = await chatRequestFor({ db: opts.db, llm: opts.llm, prepared });
      for await (const piece of streamAnswer(opts.llm.client, request, signal)) {
        answer += piece;
        send({ type: 'delta', text: piece });
      }
      if (!answer.trim()) throw new Error('The language model sent an empty answer');
    }
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
