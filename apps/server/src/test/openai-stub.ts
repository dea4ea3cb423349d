import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking the parts of the OpenAI API the product uses — a stub of the third party, not of our
 * code: the production path reaches it over HTTP through the `openai` SDK exactly as it would reach the real service.
 *
 * - POST /v1/chat/completions, streamed (SSE `chat.completion.chunk`s, then `[DONE]`) or not; the answer comes from
 *   `reply(request)` (by default it echoes the numbered sources it was given, citing the first).
 * - POST /v1/files (multipart, purpose fine-tune), GET /v1/files/:id/content.
 * - POST /v1/fine_tuning/jobs, GET /v1/fine_tuning/jobs/:id: validating_files → running → succeeded (with
 *   `fine_tuned_model`) one step per retrieve, or failed with `failFineTune`'s reason; a training file that is not
 *   valid chat JSONL fails the job as the real service does.
 * - POST /v1/audio/transcriptions (multipart: file, model, response_format, …): `transcription(fields)`'s answer, by
 *   default verbose_json with two segments and Whisper's avg_logprob / no_speech_prob.
 * - `failNext(status, message, times)`: the next requests (any route) answer that error.
 *
 * Every request is recorded (`requests`) so tests can check what the product sent.
 */
export type ChatRequest = { model: string; stream?: boolean; messages: { role: string; content: string }[]; temperature?: number };
export type StubRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown; raw: string };
export type StubFineTuneJob = { id: string; model: string; training_file: string; status: string; fine_tuned_model: string | null; error: { message: string } | null; polls: number; created_at: number };

export type OpenAiStub = {
  url: string;
  requests: StubRequest[];
  files: Map<string, { id: string; filename: string; purpose: string; content: string }>;
  jobs: Map<string, StubFineTuneJob>;
  reply: (req: ChatRequest) => string;
  /** Splits a streamed answer into chunks of this many characters. */
  chunkChars: number;
  /** A stream that stops after this many chunks with a dropped connection (null: complete streams). */
  cutStreamAfter: number | null;
  /** The next `times` requests (any route) answer this error (the SDK retries once: pass 2 for a lasting failure). */
  failNext: (status: number, message: string, times?: number) => void;
  /** The next fine-tuning job fails with this reason when it would have succeeded. */
  failFineTune: (reason: string) => void;
  /** The answer to POST /audio/transcriptions, from its multipart fields (the file's bytes as text). */
  transcription: (fields: Record<string, { value: string; filename?: string }>) => unknown;
  close: () => Promise<void>;
};

/** The default answer: says which numbered sources it was given and cites the first (or that it has none). */
export function echoSourcesReply(req: ChatRequest): string {
  const all = req.messages.map((m) => m.content).join('\n');
  const cited = [...all.matchAll(/^\[(\d+)\]/gm)].map((m) => m[1]);
  if (cited.length === 0) return 'The sources do not answer this question.';
  return `According to the records [${cited[0]}], the answer is in the sources given (${cited.length} of them).`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The fields of a multipart/form-data body (files as text: training files are JSONL). */
function multipartFields(raw: string, contentType: string): Record<string, { value: string; filename?: string }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const b = boundary?.[1] ?? boundary?.[2];
  if (!b) return {};
  const fields: Record<string, { value: string; filename?: string }> = {};
  for (const part of raw.split(`--${b}`)) {
    const sep = part.indexOf('\r\n\r\n');
    if (sep < 0) continue;
    const head = part.slice(0, sep);
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    fields[name] = { value: part.slice(sep + 4).replace(/\r\n$/, ''), ...(filename !== undefined ? { filename } : {}) };
  }
  return fields;
}

/** Valid chat fine-tuning JSONL: every line {messages: [...]} with a user and an assistant message. */
function validTrainingFile(content: string): string | null {
  const lines = content.split('\n').filter((l) => l.trim());
  if (lines.length < 10) return `Training file has ${lines.length} example(s), but must have at least 10 examples`;
  for (const [i, line] of lines.entries()) {
    try {
      const ex = JSON.parse(line) as { messages?: { role: string; content: string }[] };
      const roles = (ex.messages ?? []).map((m) => m.role);
      if (!roles.includes('user') || !roles.includes('assistant')) return `Example ${i + 1} needs a user and an assistant message`;
    } catch {
      return `Line ${i + 1} is not valid JSON`;
    }
  }
  return null;
}

export async function startOpenAiStub(): Promise<OpenAiStub> {
  let nextFailure: { status: number; message: string; times: number } | null = null;
  let fineTuneFailure: string | null = null;
  const stub: Omit<OpenAiStub, 'url' | 'close'> = {
    requests: [],
    files: new Map(),
    jobs: new Map(),
    reply: echoSourcesReply,
    chunkChars: 12,
    cutStreamAfter: null,
    failNext: (status, message, times = 1) => {
      nextFailure = { status, message, times };
    },
    failFineTune: (reason) => {
      fineTuneFailure = reason;
    },
    transcription: () => ({
      task: 'transcribe',
      language: 'english',
      duration: 3.9,
      text: 'Hello. The leak is over the back bedroom.',
      segments: [
        { id: 0, start: 0, end: 1.2, text: ' Hello.', avg_logprob: -0.21, no_speech_prob: 0.02, compression_ratio: 0.9 },
        { id: 1, start: 1.2, end: 3.9, text: ' The leak is over the back bedroom.', avg_logprob: -0.18, no_speech_prob: 0.01, compression_ratio: 1.1 },
      ],
    }),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '/').split('?')[0]!.replace(/^\/v1/, '');
      const isJson = String(req.headers['content-type'] ?? '').includes('application/json');
      const body: unknown = isJson && raw ? JSON.parse(raw) : null;
      stub.requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body, raw });

      if (nextFailure) {
        const f = nextFailure;
        if (--f.times <= 0) nextFailure = null;
        return json(res, f.status, { error: { message: f.message, type: 'server_error', code: null } });
      }

      if (req.method === 'POST' && path === '/chat/completions') {
        const chat = body as ChatRequest;
        const answer = stub.reply(chat);
        const id = `chatcmpl-${randomUUID()}`;
        const created = Math.floor(Date.now() / 1000);
        if (!chat.stream) {
          return json(res, 200, {
            id,
            object: 'chat.completion',
            created,
            model: chat.model,
            choices: [{ index: 0, message: { role: 'assistant', content: answer, refusal: null }, finish_reason: 'stop', logprobs: null }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          });
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: chat.model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
        res.write(chunk({ role: 'assistant', content: '' }, null));
        const pieces = answer.match(new RegExp(`[\\s\\S]{1,${stub.chunkChars}}`, 'g')) ?? [];
        for (const [i, piece] of pieces.entries()) {
          if (stub.cutStreamAfter !== null && i >= stub.cutStreamAfter) {
            res.socket?.destroy();
            return;
          }
          res.write(chunk({ content: piece }, null));
          await new Promise((r) => setTimeout(r, 2));
        }
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
        return;
      }

      if (req.method === 'POST' && path === '/audio/transcriptions') {
        const fields = multipartFields(raw, String(req.headers['content-type'] ?? ''));
        if (!fields.file || !fields.model) return json(res, 400, { error: { message: 'file and model are required', type: 'invalid_request_error' } });
        return json(res, 200, stub.transcription(fields));
      }

      if (req.method === 'POST' && path === '/files') {
        const fields = multipartFields(raw, String(req.headers['content-type'] ?? ''));
        const file = fields.file;
        if (!file) return json(res, 400, { error: { message: 'file is required', type: 'invalid_request_error' } });
        const id = `file-${randomUUID().slice(0, 12)}`;
        const purpose = fields.purpose?.value ?? '';
        stub.files.set(id, { id, filename: file.filename ?? 'file', purpose, content: file.value });
        return json(res, 200, { id, object: 'file', bytes: Buffer.byteLength(file.value), created_at: Math.floor(Date.now() / 1000), filename: file.filename ?? 'file', purpose, status: 'processed' });
      }
      const fileContent = /^\/files\/([^/]+)\/content$/.exec(path);
      if (req.method === 'GET' && fileContent) {
        const file = stub.files.get(fileContent[1]!);
        if (!file) return json(res, 404, { error: { message: 'No such file', type: 'invalid_request_error' } });
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(file.content);
      }

      if (req.method === 'POST' && path === '/fine_tuning/jobs') {
        const { model, training_file, suffix } = body as { model: string; training_file: string; suffix?: string };
        if (!stub.files.has(training_file)) return json(res, 400, { error: { message: `invalid training_file: ${training_file}`, type: 'invalid_request_error' } });
        const id = `ftjob-${randomUUID().slice(0, 12)}`;
        const job: StubFineTuneJob = { id, model, training_file, status: 'validating_files', fine_tuned_model: null, error: null, polls: 0, created_at: Math.floor(Date.now() / 1000) };
        stub.jobs.set(id, job);
        void suffix;
        return json(res, 200, jobJson(job));
      }
      const jobPath = /^\/fine_tuning\/jobs\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && jobPath) {
        const job = stub.jobs.get(jobPath[1]!);
        if (!job) return json(res, 404, { error: { message: 'No such fine-tuning job', type: 'invalid_request_error' } });
        job.polls++;
        if (job.status === 'validating_files') {
          const invalid = validTrainingFile(stub.files.get(job.training_file)!.content);
          if (invalid) Object.assign(job, { status: 'failed', error: { message: invalid } });
          else job.status = 'running';
        } else if (job.status === 'running') {
          if (fineTuneFailure) {
            Object.assign(job, { status: 'failed', error: { message: fineTuneFailure } });
            fineTuneFailure = null;
          } else Object.assign(job, { status: 'succeeded', fine_tuned_model: `ft:${job.model}:fieldbook::${job.id.slice(6, 14)}` });
        }
        return json(res, 200, jobJson(job));
      }

      json(res, 404, { error: { message: `Unknown route ${req.method} ${path}`, type: 'invalid_request_error' } });
    })().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: { message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub as OpenAiStub, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

function jobJson(job: StubFineTuneJob) {
  return {
    id: job.id,
    object: 'fine_tuning.job',
    model: job.model,
    created_at: job.created_at,
    finished_at: job.status === 'succeeded' || job.status === 'failed' ? Math.floor(Date.now() / 1000) : null,
    fine_tuned_model: job.fine_tuned_model,
    organization_id: 'org-stub',
    result_files: [],
    status: job.status,
    validation_file: null,
    training_file: job.training_file,
    hyperparameters: { n_epochs: 'auto' },
    trained_tokens: job.status === 'succeeded' ? 1000 : null,
    error: job.error ? { code: 'invalid_training_file', message: job.error.message, param: 'training_file' } : null,
    seed: 1,
  };
}
