import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text built by PostgreSQL unchanged. Fastify sends a string with a JSON content type as-is (no
 * serializer), so the route's response schema documents the shape without re-serializing it.
 */
export function sendJsonText(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}
