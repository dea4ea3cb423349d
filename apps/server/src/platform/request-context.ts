import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { text } from 'drizzle-orm/pg-core';

/**
 * The request id, end to end (docs/operations.md, Logs): every request gets one (Fastify's `req.id`, logged as
 * `reqId` on its lines and sent back in `X-Request-Id`); a row a request writes for later work — a document to
 * process, a recording to transcribe, a mail or text to send — keeps it (`request_id`, filled from the request's
 * context by `requestIdColumn`), and the job runner logs that work with it and runs it in the same context, so what
 * the work itself queues keeps it too.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request (or the job) this code runs for, if any. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `fn` as part of request `requestId` (the job runner, for a row a request queued); none: outside any. */
export function runWithRequestId<T>(requestId: string | null | undefined, fn: () => T): T {
  return requestId ? storage.run({ requestId }, fn) : storage.exit(fn);
}

/** A table's `request_id` column: the id of the request that inserted the row, read from its context. */
export const requestIdColumn = () => text().$defaultFn(() => currentRequestId() as string);

/** What an incoming X-Request-Id may look like to be kept (it goes into logs and a response header as is). */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Named ranges of proxy-addr (Fastify's trustProxy), for TRUSTED_PROXIES. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

/** TRUSTED_PROXIES (config.ts has checked each entry) as an address test. */
function trustedList(trustedProxies: string[]): BlockList {
  const list = new BlockList();
  for (const entry of trustedProxies) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type);
      continue;
    }
    const [address, range] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (range === undefined) list.addAddress(address, type);
    else if (/^\d+$/.test(range)) list.addSubnet(address, Number(range), type);
    else list.addSubnet(address, netmaskBits(range), type);
  }
  return list;
}

function netmaskBits(mask: string): number {
  return mask.split('.').reduce((bits, part) => bits + (Number(part) >>> 0).toString(2).replace(/0/g, '').length, 0);
}

/**
 * Fastify's genReqId: the X-Request-Id a trusted proxy (TRUSTED_PROXIES) sent, so one id follows a request from the
 * balancer through the server; from anyone else, or malformed, a new one (a client must not choose what our logs say).
 */
export function requestIdGenerator(trustedProxies: string[]): (req: IncomingMessage) => string {
  const trusted = trustedProxies.length > 0 ? trustedList(trustedProxies) : null;
  return (req) => {
    const incoming = req.headers['x-request-id'];
    if (trusted && typeof incoming === 'string' && REQUEST_ID.test(incoming)) {
      const peer = req.socket.remoteAddress ?? '';
      const v4 = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
      if (isIP(v4) && trusted.check(v4, isIP(v4) === 6 ? 'ipv6' : 'ipv4')) return incoming;
    }
    return randomUUID();
  };
}

/** Query parameters that carry a secret (sign-in links, OAuth codes, signed links): never logged. */
const SECRET_PARAMS = new Set(['token', 'token_hash', 'code', 'state', 'access_token', 'refresh_token', 'apikey', 'api_key', 'key', 'password', 'signature', 'sig', 'secret']);
/**
 * Path segments after these are bearer tokens (a UUID there is an id): /api/invitations/<token>,
 * /api/shared-documents/<token>, /api/recording-audio/<token>, the homeowner's quote link /q/<token> and its API
 * /api/public/quotes/<token>.
 */
const TOKEN_AFTER = new Set(['invitations', 'shared-documents', 'recording-audio', 'q', 'quotes']);
/** A run of token characters long enough to be a token, anywhere in a segment: "<token>)" from a link copied out of a sentence. */
const TOKEN_RUN = /[A-Za-z0-9._~%-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A URL as logged: secret query values and token path segments replaced by `[redacted]`. Besides the named places,
 * any long token-like run (32+ characters that is not a UUID) is taken for a token, also with punctuation around it.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q === -1 ? url : url.slice(0, q);
  const segments = pathPart.split('/');
  for (let i = 1; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg === '') continue;
    if (TOKEN_AFTER.has(segments[i - 1]!) && !UUID.test(seg)) segments[i] = '[redacted]';
    else segments[i] = seg.replace(TOKEN_RUN, (run) => (UUID.test(run) ? run : '[redacted]'));
  }
  let out = segments.join('/');
  if (q !== -1) {
    const params = url
      .slice(q + 1)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const name = decodeURIComponentSafe(eq === -1 ? pair : pair.slice(0, eq)).toLowerCase();
        return eq !== -1 && SECRET_PARAMS.has(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
      });
    out += `?${params.join('&')}`;
  }
  return out;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * pino's redact paths: credentials in headers, and secret fields of any object logged (bodies, errors' request
 * options) up to two levels down. Values become `[redacted]`.
 */
const SECRET_FIELDS = ['password', 'new_password', 'current_password', 'token', 'token_hash', 'access_token', 'refresh_token', 'id_token', 'secret', 'jwtSecret', 'apiKey', 'api_key', 'authToken'];
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'apikey', 'x-api-key', 'proxy-authorization'];
export const LOG_REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`, `*.headers["${h}"]`, `*.*.headers["${h}"]`]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  'body.code',
  '*.body.code',
];
