import type { FastifyInstance } from 'fastify';
import { badInputError, jsonTextProblem } from './input-guards';

/**
 * The JSON body parser of a scope. Clients send `Content-Type: application/json` with an empty body: auth-js on
 * POST /logout and DELETE /factors/:id, the jobs dashboard on PUT /api/tasks/:id/status?status=…. Fastify's default
 * parser rejects that. In the scope given, an empty JSON body is `emptyAs` (GoTrue reads it as `{}`; the product API
 * as no body). A body holding the NUL character or nested too deep is refused with 400 (input-guards.ts); anything
 * else goes through Fastify's own parser (prototype-poisoning checks included).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance, { emptyAs }: { emptyAs: Record<string, never> | undefined }): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, emptyAs === undefined ? undefined : { ...emptyAs });
    const problem = jsonTextProblem(text);
    if (problem) return done(badInputError(problem), undefined);
    return defaultParser(req, text, done);
  });
}
