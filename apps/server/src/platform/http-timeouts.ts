import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How long the server waits for a client. Uploads (up to 250 MB from a phone on a slow network) have no total
 * limit short of `uploadMs`: they are cut only when they stall (`idleMs` without a byte). Every other request body
 * is small (JSON, 1 MB at most) and must arrive whole within `bodyMs`.
 */
export type ServerTimeouts = {
  /** A request's headers must arrive within this of its first byte (Node's headersTimeout; slow-loris). */
  headersMs: number;
  /** A body that is not multipart/form-data must arrive whole within this of the request's start: else 408. */
  bodyMs: number;
  /** A connection without a byte in either direction for this long is closed (a stalled upload, a silent client). */
  idleMs: number;
  /** A kept-alive connection waits this long for its next request; longer than a load balancer's usual 60 s idle. */
  keepAliveMs: number;
  /** The backstop for any request, uploads included (Node's requestTimeout): 250 MB in 6 h is 12 KB/s. */
  uploadMs: number;
};

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 30_000,
  bodyMs: 60_000,
  idleMs: 120_000,
  keepAliveMs: 72_000,
  uploadMs: 6 * 60 * 60_000,
};

/** The Fastify (and node:http) options that apply `t`. */
export function serverTimeoutOptions(t: ServerTimeouts): { connectionTimeout: number; keepAliveTimeout: number; requestTimeout: number; http: ServerOptions } {
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.uploadMs,
    // Node checks the headers and request timeouts on this interval (30 s by default): a fraction of the shortest.
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(t.headersMs / 4))) },
  };
}

/** Upload bodies: multipart (platform/multipart-upload.ts) and a resumable upload's bytes (tus, platform/uploads/resumable.ts). */
const UPLOAD_BODY = /^(multipart\/form-data|application\/offset\+octet-stream)/i;

/**
 * The body deadline of every request that is not an upload: when its body has not arrived whole in `bodyMs`, the
 * answer is 408 and the connection is closed (as Node's own requestTimeout does). An upload's body (multipart, or a
 * resumable upload's bytes) is left to the idle timeout.
 */
export function registerBodyDeadline(app: FastifyInstance, bodyMs: number): void {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete || UPLOAD_BODY.test(raw.headers['content-type'] ?? '')) return done();
    const timer = setTimeout(() => {
      if (raw.complete || reply.raw.headersSent) return;
      req.log.warn({ bodyMs }, 'request body not received in time: 408');
      // Fastify is still reading the body: take the reply over so the rest of the lifecycle never answers again.
      reply.hijack();
      const body = JSON.stringify({ error: { code: 'REQUEST_TIMEOUT', message: `The request body did not arrive within ${Math.round(bodyMs / 1000)} s` } });
      reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
      reply.raw.end(body, () => raw.socket?.destroy());
    }, bodyMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
