import type { FastifyInstance } from 'fastify';

/**
 * Input every endpoint refuses before it is parsed further, with 400: the NUL character (PostgreSQL cannot store it
 * in text, and answered 500), and JSON nested deeper than any request of ours needs (a 5,000-deep body exhausted
 * stacks further in). Request bodies are checked by the JSON body parser (empty-json-body.ts), multipart fields by
 * multipart-upload.ts, query strings and path parameters by `refuseNulInUrls` below.
 */
export const MAX_JSON_DEPTH = 64;
export const NUL_IN_BODY = 'Text may not contain the NUL character (\\u0000)';
export const NUL_IN_URL = 'The query string or path may not contain the NUL character (%00)';
export const TOO_DEEP = `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`;

/**
 * What is wrong with a JSON text, or null: one pass over the characters (no parse), so a very deep body is refused
 * before anything recurses into it. Brackets inside strings do not count; `\\u0000` (an escaped backslash, then
 * "u0000") is ordinary text.
 */
export function jsonTextProblem(text: string): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (text.charCodeAt(i + 1) === 0x75 /* u */ && text.startsWith('0000', i + 2)) return NUL_IN_BODY;
        i++; // the escaped character
      } else if (c === 0x22 /* " */) {
        inString = false;
      } else if (c === 0) {
        return NUL_IN_BODY;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > MAX_JSON_DEPTH) return TOO_DEEP;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return null;
}

/** A client error Fastify's parsers and the scopes' error handlers answer with 400 and this message. */
export function badInputError(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/**
 * %00 in the URL decodes to NUL in a query value or a path parameter: 400 for every route, in the scope's own error
 * shape (GoTrue's `{ code, msg }` under /auth/v1, the API's envelope elsewhere).
 */
export function refuseNulInUrls(app: FastifyInstance): void {
  // A callback hook (an async one costs every request a promise): it calls done, or answers and does not.
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.raw.url ?? '';
    if (!url.includes('%00')) return done();
    if (url.startsWith('/auth/')) reply.status(400).send({ code: 'validation_failed', msg: NUL_IN_URL });
    else reply.status(400).send({ error: { code: 'BAD_REQUEST', message: NUL_IN_URL } });
  });
}
