import { ASSISTANT_NO_ANSWER, type AssistantSource } from '@fieldbook/contract';
import type { FastifyBaseLogger } from 'fastify';
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { llmClient, llmErrorReason } from '../../platform/llm';
import { activeGroupAssistant, type ActiveGroupAssistant } from '../group-assistants';
import { extractiveAnswer, fallbackAnswer, sourceLabel } from './answer-text';

/** The configured language model (config.llm): its client and the general assistant's model. */
export type AnswerModel = { client: OpenAI; chatModel: string };

export function answerModel(llm: Config['llm']): AnswerModel | null {
  return llm ? { client: llmClient(llm), chatModel: llm.chatModel } : null;
}

/** A turn of the conversation so far, given to the model as context. */
export type Turn = { role: 'user' | 'assistant'; content: string };

/** A group assistant's own voice (its configuration); `model` is its fine-tuned model once trained. */
export type AssistantVoice = ActiveGroupAssistant;

export type ChatRequest = { model: string; messages: ChatCompletionMessageParam[] };

/** The rules every answer is written under, whatever a group assistant's own prompt says (they come last). */
export const GROUNDING_RULES = [
  'Answer only from the numbered sources given with the question: they are passages of the company’s own documents, call transcripts, jobs, tasks and contacts.',
  'Cite the sources each statement comes from by their numbers in square brackets, like [1] or [2][3].',
  'When the sources do not answer the question, say plainly that they do not; never guess or add facts that are not in them.',
  'Be brief and concrete.',
].join(' ');

/** How many earlier turns of the conversation the model sees, and how much of each. */
const HISTORY_TURNS = 6;
const TURN_CHARS = 1500;

export function recentTurns(messages: readonly { role: string; content: string }[]): Turn[] {
  return messages
    .filter((m): m is Turn => m.role === 'user' || m.role === 'assistant')
    .slice(-HISTORY_TURNS)
    .map((m) => ({ role: m.role, content: m.content.slice(0, TURN_CHARS) }));
}

/**
 * The chat request for one question: the system prompt (the group assistant's own prompt, persona and
 * specialization when it has one, then the grounding rules), the last turns of the conversation, and a user
 * message holding the numbered passages — the numbers the answer cites, the same as the sources' order — and the
 * question.
 */
export function chatRequest(opts: { model: string; voice: AssistantVoice | null; sources: AssistantSource[]; question: string; history: Turn[] }): ChatRequest {
  const { voice } = opts;
  const intro = voice
    ? [voice.systemPrompt.trim(), `You are ${voice.name}.`, voice.persona.trim() && `Persona: ${voice.persona.trim()}`, voice.specialization.trim() && `Specialization: ${voice.specialization.trim()}`]
    : ['You are the assistant of a contracting company, answering its staff’s questions about their own work.'];
  const system = [...intro.filter(Boolean), GROUNDING_RULES].join('\n\n');
  const passages = opts.sources.map((s, i) => `[${i + 1}] ${sourceLabel(s)}: ${s.content.replace(/\s+/g, ' ')}`);
  const user = ['Sources:', ...passages, '', `Question: ${opts.question}`].join('\n');
  return { model: opts.model, messages: [{ role: 'system', content: system }, ...opts.history, { role: 'user', content: user }] };
}

/**
 * The request for a prepared question: the general model, or — when the chosen group's assistant is active — its
 * voice, and its fine-tuned model once trained.
 */
export async function chatRequestFor(opts: { db: Db; llm: AnswerModel; prepared: { groupId: string | null; sources: AssistantSource[]; question: string; history: Turn[] } }): Promise<ChatRequest> {
  const { prepared } = opts;
  const voice = prepared.groupId ? await activeGroupAssistant(opts.db, prepared.groupId) : null;
  return chatRequest({ model: voice?.model ?? opts.llm.chatModel, voice, sources: prepared.sources, question: prepared.question, history: prepared.history });
}

/** Grounded answers: little invention. */
const TEMPERATURE = 0.2;

/** The whole answer at once (the non-streamed query). */
export async function writeAnswer(client: OpenAI, request: ChatRequest): Promise<string> {
  const completion = await client.chat.completions.create({ ...request, temperature: TEMPERATURE });
  const text = completion.choices[0]?.message.content?.trim();
  if (!text) throw new Error('The language model sent an empty answer');
  return text;
}

/**
 * The answer in pieces as the model writes them. A stream that ends without the model saying it finished (a
 * dropped connection the transport did not report) throws, so a partial answer is never taken for a whole one.
 */
export async function* streamAnswer(client: OpenAI, request: ChatRequest, signal: AbortSignal): AsyncGenerator<string> {
  const stream = await client.chat.completions.create({ ...request, temperature: TEMPERATURE, stream: true }, { signal });
  let finished = false;
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    if (choice?.delta?.content) yield choice.delta.content;
    if (choice?.finish_reason) finished = true;
  }
  if (!finished) throw new Error('The answer stream ended before the model finished');
}

type AnswerablePrepared = { groupId: string | null; sources: AssistantSource[]; question: string; history: Turn[] };

/**
 * How a prepared question is answered — decided here once, for the plain query and the streamed one:
 * - nothing found: ASSISTANT_NO_ANSWER, without asking the model;
 * - no language model configured: the extractive answer (the best passages, quoted and cited);
 * - a model: its answer, the whole (`onPiece` absent) or piece by piece as it writes (`onPiece` gets each piece);
 * - the model failed (an error, an empty answer, a stream that stopped before the model finished): the cited passages
 *   themselves with one line saying why (fallbackAnswer), logged — the user still gets what was found.
 * Returns the answer to store. A caller who hung up (`signal` aborted) gets the model's error, not a fallback: there
 * is nobody left to answer. Every answer but a piece-by-piece one reaches `onPiece` as a single piece; after a
 * failure mid-stream the pieces already sent are not the answer — the returned text is (the stream's `done` says so).
 */
export async function composeAnswer(opts: {
  db: Db;
  llm: AnswerModel | null;
  prepared: AnswerablePrepared;
  log: FastifyBaseLogger;
  onPiece?: (text: string) => void;
  signal?: AbortSignal;
}): Promise<string> {
  const { llm, prepared, onPiece } = opts;
  const whole = (text: string) => {
    onPiece?.(text);
    return text;
  };
  if (prepared.sources.length === 0) return whole(ASSISTANT_NO_ANSWER);
  if (!llm) return whole(extractiveAnswer(prepared.sources));
  const request = await chatRequestFor({ db: opts.db, llm, prepared });
  let sent = false;
  try {
    if (!onPiece) return await writeAnswer(llm.client, request);
    let answer = '';
    for await (const piece of streamAnswer(llm.client, request, opts.signal ?? new AbortController().signal)) {
      answer += piece;
      sent = true;
      onPiece(piece);
    }
    if (!answer.trim()) throw new Error('The language model sent an empty answer');
    return answer;
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    opts.log.warn({ err, model: request.model }, 'assistant: the language model failed; answering with the passages');
    const fallback = fallbackAnswer(llmErrorReason(err), prepared.sources);
    // Pieces already shown are replaced by the stream's `done` answer; a first piece can be the whole fallback.
    if (!sent) onPiece?.(fallback);
    return fallback;
  }
}
