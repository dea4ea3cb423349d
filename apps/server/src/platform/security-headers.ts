import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once. With our options (no nonces, no per-request directives) helmet sets the same
 * headers on every response, but running its middleware chain per request cost ~70–100 µs of CPU, a third of
 * what a cheap list request spends in Node (bench/README.md). So we run helmet once against a recording response
 * and send the result as a constant.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Cross-origin calls (the Capacitor app calls from its own origin with bearer tokens, no cookies): any origin may call
 * and read the exposed answer headers; a preflight may ask for the allowed methods and request headers.
 */
export type CorsPolicy = { exposedHeaders: readonly string[]; allowedHeaders: readonly string[]; methods: readonly string[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** An OPTIONS request answered as a CORS preflight (the catch-all OPTIONS route is a 404 for any other). */
    corsPreflightEnabled: boolean;
  }
}

/**
 * A JSON answer's security headers (OWASP's REST Security Cheat Sheet): nothing in it may load or run, no page may
 * frame it, it is never sniffed as another type, HTTPS only, and no other site may embed it. The rest of helmet's set
 * (COOP, Origin-Agent-Cluster, Referrer-Policy, X-XSS-Protection, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies and the page's long CSP) governs documents a browser renders, which JSON is not:
 * ~700 bytes less on every answer to a phone on a poor signal (1,160 → 471 on a task list), and fewer headers to
 * write (issue 37).
 */
function jsonAnswerHeaders(documentHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/**
 * The headers every answer of the app carries (API, SPA, errors, 404s), set by ONE hook from values computed at start.
 * They were three hooks: the request id, helmet's set and @fastify/cors, which copied its options and joined its
 * expose list again at every request — together ~5% of a cheap list request's server CPU (issue 37, bench/README.md).
 * - `X-Request-Id`: the request's id;
 * - security headers: on a contract endpoint that answers JSON (route() marks it `jsonAnswer`) the JSON set
 *   (jsonAnswerHeaders); on everything else — the SPA's pages, files (PDFs, audio, CSV, calendars, photos), the
 *   development mailbox, an unknown path — helmet's whole set (computeSecurityHeaders: CSP, HSTS, frame, referrer
 *   and cross-origin rules…);
 * - CORS, as @fastify/cors answered with `origin: true`: `Vary: Origin` on every answer; `Access-Control-Allow-Origin`
 *   echoing the caller's Origin and `Access-Control-Expose-Headers` when it sent one (without an Origin there is no
 *   cross-origin read to expose headers to), never credentials. An OPTIONS request is a preflight, answered here
 *   before any other hook (the auth guard must not see it: a browser sends no Authorization with it): 204 with the
 *   allowed methods and headers, or 400 when it lacks its Origin or Access-Control-Request-Method (@fastify/cors'
 *   strictPreflight).
 */
export function registerResponseHeaders(app: FastifyInstance, opts: { security: HelmetOptions; cors: CorsPolicy }): void {
  const documentHeaders = computeSecurityHeaders(opts.security);
  // Each set as lower-case names and their values in two arrays: set in a loop, without reply.headers' Object.keys.
  const asArrays = (headers: Record<string, string>): [string[], string[]] => [Object.keys(headers), Object.values(headers)];
  const [documentNames, documentValues] = asArrays({ ...documentHeaders, vary: 'Origin' });
  const [jsonNames, jsonValues] = asArrays({ ...jsonAnswerHeaders(documentHeaders), vary: 'Origin' });
  const exposed = opts.cors.exposedHeaders.join(', ');
  const allowMethods = opts.cors.methods.join(', ');
  const allowHeaders = opts.cors.allowedHeaders.join(', ');

  app.decorateRequest('corsPreflightEnabled', false);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    const [names, values] = req.routeOptions.config?.jsonAnswer ? [jsonNames, jsonValues] : [documentNames, documentValues];
    for (let i = 0; i < names.length; i++) reply.header(names[i]!, values[i]);
    const origin = req.headers.origin;
    if (origin) reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', exposed);
    if (req.raw.method !== 'OPTIONS') return done();
    // A preflight: answered here, without calling done (Fastify's way for a callback hook that replies).
    if (!origin || !req.headers['access-control-request-method']) {
      reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    req.corsPreflightEnabled = true;
    reply.header('access-control-allow-methods', allowMethods).header('access-control-allow-headers', allowHeaders);
    reply.code(204).header('content-length', '0').send();
  });

  // Lets Fastify accept a preflight at any path (the hook has answered it before this runs).
  app.options('*', { schema: { hide: true } }, (req, reply) => {
    if (!req.corsPreflightEnabled) return reply.callNotFound();
    return reply.send();
  });
}
