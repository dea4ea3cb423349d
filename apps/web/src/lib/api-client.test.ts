import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, AUTHENTICATION_REQUIRED_MESSAGE, UNAUTHORIZED_MESSAGE, buildUrl, createApiClient, type ApiClientDeps } from './api-client';

/**
 * A tiny real HTTP server; each test sets `handler`. It answers CORS preflights because happy-dom's fetch
 * enforces the same-origin policy like a browser does.
 */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
let handler: Handler;
let requests: { method: string; url: string; authorization: string | undefined; body: string }[];
let server: http.Server;
let baseUrl: string;

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, accept');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const ItemSchema = z.object({ id: z.string(), count: z.number() });

type Harness = { deps: ApiClientDeps; delays: number[]; refreshCalls: number; cleared: number; clock: { now: number } };

function harness(overrides: Partial<ApiClientDeps> = {}, refreshTo: string | null = 'fresh-token'): Harness {
  const h: Harness = { delays: [], refreshCalls: 0, cleared: 0, clock: { now: 1_000_000 }, deps: undefined as unknown as ApiClientDeps };
  h.deps = {
    fetch: (input, init) => globalThis.fetch(input, init),
    getAccessToken: async () => 'old-token',
    refreshAccessToken: async () => {
      h.refreshCalls++;
      return refreshTo;
    },
    clearStoredToken: () => {
      h.cleared++;
    },
    getBaseUrl: () => baseUrl,
    sleep: async (ms) => {
      h.delays.push(ms);
    },
    now: () => h.clock.now,
    ...overrides,
  };
  return h;
}

async function caught(promise: Promise<unknown>): Promise<ApiRequestError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiRequestError);
  return err as ApiRequestError;
}

beforeEach(() => {
  requests = [];
  handler = (_req, res) => json(res, 200, { id: 'a', count: 1 });
});

describe('apiRequest', () => {
  it('sends the bearer token, the query and a JSON body, and parses the answer with the schema', async () => {
    handler = (_req, res) => json(res, 200, { id: 'x1', count: 3 });
    const { request } = createApiClient(harness().deps);
    const result = await request(ItemSchema, '/api/items', { method: 'POST', body: { name: 'n' }, query: { limit: 5, skip: undefined, q: 'a b' } });
    expect(result).toEqual({ id: 'x1', count: 3 });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/items?limit=5&q=a+b', authorization: 'Bearer old-token', body: '{"name":"n"}' });
  });

  it('rejects an answer that does not match the contract instead of passing it on', async () => {
    handler = (_req, res) => json(res, 200, { id: 'x1', count: 'three' });
    const err = await caught(createApiClient(harness().deps).request(ItemSchema, '/api/items'));
    expect(err).toMatchObject({ code: 'INVALID_SHAPE', status: 200, message: 'Invalid response format' });
  });

  it('tells an HTML page, a non-JSON body and a non-OK answer without the envelope apart', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><p>hi</p>');
    };
    const html = await caught(createApiClient(harness().deps).request(ItemSchema, '/api/items'));
    expect(html).toMatchObject({ code: 'HTML_RESPONSE', message: 'The API server is not responding correctly...' });

    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": ');
    };
    const broken = await caught(createApiClient(harness().deps).request(ItemSchema, '/api/items'));
    expect(broken).toMatchObject({ code: 'INVALID_RESPONSE', message: 'Received invalid response from server' });

    handler = (_req, res) => {
      res.writeHead(500, 'Internal Server Error', { 'content-type': 'text/plain' });
      res.end('oops');
    };
    const bare = await caught(createApiClient(harness().deps).request(ItemSchema, '/api/items'));
    expect(bare).toMatchObject({ status: 500, code: 'HTTP_500', statusText: 'Internal Server Error' });
  });

  it('turns the error envelope into ApiRequestError and does not retry a 404 or 400', async () => {
    handler = (_req, res) => json(res, 400, { error: { code: 'VALIDATION_ERROR', message: 'name: Required', details: [{ field: 'name', message: 'Required' }] } });
    const h = harness();
    const err = await caught(createApiClient(h.deps).request(ItemSchema, '/api/items', { method: 'POST', body: {} }));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'name: Required', details: [{ field: 'name', message: 'Required' }] });

    handler = (_req, res) => json(res, 404, { error: { code: 'NOT_FOUND', message: 'Job not found' } });
    const notFound = await caught(createApiClient(h.deps).request(ItemSchema, '/api/jobs/1'));
    expect(notFound).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Job not found' });
    expect(requests).toHaveLength(2);
    expect(h.delays).toEqual([]);
  });

  it('retries 502 and 503 twice with exponential backoff from 500 ms', async () => {
    let n = 0;
    handler = (_req, res) => (++n <= 2 ? json(res, n === 1 ? 502 : 503, { error: { code: 'UNAVAILABLE', message: 'down' } }) : json(res, 200, { id: 'ok', count: 0 }));
    const h = harness();
    await expect(createApiClient(h.deps).request(ItemSchema, '/api/items')).resolves.toEqual({ id: 'ok', count: 0 });
    expect(requests).toHaveLength(3);
    expect(h.delays).toEqual([500, 1000]);
  });

  it('gives up after two retries and reports the last failure', async () => {
    handler = (_req, res) => json(res, 503, { error: { code: 'UNAVAILABLE', message: 'Service unavailable' } });
    const h = harness();
    const err = await caught(createApiClient(h.deps).request(ItemSchema, '/api/items'));
    expect(err).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(requests).toHaveLength(3);
    expect(h.delays).toEqual([500, 1000]);
  });

  it('does not retry a 500', async () => {
    handler = (_req, res) => json(res, 500, { error: { code: 'INTERNAL', message: 'Internal server error' } });
    const h = harness();
    await caught(createApiClient(h.deps).request(ItemSchema, '/api/items'));
    expect(requests).toHaveLength(1);
  });

  it('retries network errors and then reports NETWORK_ERROR', async () => {
    // A port that was just closed refuses connections.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    let attempts = 0;
    const h = harness({
      getBaseUrl: () => deadUrl,
      fetch: (input, init) => {
        attempts++;
        return globalThis.fetch(input, init);
      },
    });
    const err = await caught(createApiClient(h.deps).request(ItemSchema, '/api/items'));
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(attempts).toBe(3);
    expect(h.delays).toEqual([500, 1000]);
  });

  it('times out after timeoutMs and retries a GET, but not a POST', async () => {
    handler = () => {
      /* never answers */
    };
    const h = harness();
    const started = Date.now();
    const err = await caught(createApiClient(h.deps).request(ItemSchema, '/api/slow', { timeoutMs: 100 }));
    expect(err).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(requests.filter((r) => r.url === '/api/slow')).toHaveLength(3);
    expect(h.delays).toEqual([500, 1000]);

    const post = harness();
    const postErr = await caught(createApiClient(post.deps).request(ItemSchema, '/api/slow', { method: 'POST', body: {}, timeoutMs: 100 }));
    expect(postErr.code).toBe('TIMEOUT');
    expect(post.delays).toEqual([]);
  });

  it('sends the writes to one path in the order they were made: a later PUT waits while a timed-out one is sent again', async () => {
    let completeTries = 0;
    handler = (req, res, body) => {
      // The first Mark Complete reaches the server, but its answer never comes back (one bar of signal).
      if (req.url === '/api/tasks/t1/status' && body.includes('completed') && completeTries++ === 0) return;
      json(res, 200, { id: 'a', count: 1 });
    };
    const client = createApiClient(harness().deps);
    const status = (r: { url: string; body: string }) => (r.body ? (JSON.parse(r.body) as { status: string }).status : new URL(r.url, baseUrl).searchParams.get('status'));
    await Promise.all([
      client.request(ItemSchema, '/api/tasks/t1/status', { method: 'PUT', body: { status: 'completed' }, timeoutMs: 100 }),
      // Reopen, tapped while the first is still out (the jobs page sends it as ?status=: the same resource).
      client.request(ItemSchema, '/api/tasks/t1/status', { method: 'PUT', query: { status: 'pending' }, timeoutMs: 100 }),
      client.request(ItemSchema, '/api/tasks/t2/status', { method: 'PUT', body: { status: 'completed' }, timeoutMs: 100 }),
    ]);
    const t1 = requests.filter((r) => r.url.startsWith('/api/tasks/t1/status'));
    // The retry of Mark Complete lands before Reopen, never after it: the task ends as the user left it.
    expect(t1.map(status)).toEqual(['completed', 'completed', 'pending']);
    // Another task's write is not held behind them.
    expect(requests.findIndex((r) => r.url === '/api/tasks/t2/status')).toBeLessThan(requests.indexOf(t1[1]!));
  });

  it('uses a 3000 ms timeout by default', async () => {
    handler = () => {
      /* never answers */
    };
    const started = Date.now();
    const err = await caught(createApiClient(harness().deps).request(ItemSchema, '/api/slow', { method: 'POST', body: {} }));
    expect(err.code).toBe('TIMEOUT');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(4500);
  }, 10_000);

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController();
    // Aborted once the server has the request (never answered): aborted on a timer instead, a loaded machine could
    // deliver it after this test, into the next one's requests (a fresh-clone run, 2026-12-08: the 401 test saw an
    // extra 'Bearer old-token').
    handler = () => controller.abort();
    const h = harness();
    const pending = createApiClient(h.deps).request(ItemSchema, '/api/slow', { signal: controller.signal });
    await expect(pending).rejects.not.toBeInstanceOf(ApiRequestError);
    expect(h.delays).toEqual([]);
  });

  it('on 401 refreshes the session and retries once with the new token', async () => {
    handler = (req, res) => (req.headers.authorization === 'Bearer fresh-token' ? json(res, 200, { id: 'me', count: 1 }) : json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'Token verification failed' } }));
    const h = harness();
    await expect(createApiClient(h.deps).request(ItemSchema, '/api/profile')).resolves.toEqual({ id: 'me', count: 1 });
    expect(h.refreshCalls).toBe(1);
    expect(h.cleared).toBe(1);
    expect(requests.map((r) => r.authorization)).toEqual(['Bearer old-token', 'Bearer fresh-token']);
  });

  it('throws "Unauthorized - Please log in again" without a session, "Authentication error: …" when the refresh fails, "Authentication required" when the retry is refused', async () => {
    handler = (_req, res) => json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'Authentication required' } });
    const noSession = harness({}, null);
    const err = await caught(createApiClient(noSession.deps).request(ItemSchema, '/api/profile'));
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: UNAUTHORIZED_MESSAGE });
    expect(requests).toHaveLength(1);

    requests = [];
    const failing = harness({
      refreshAccessToken: async () => {
        throw new Error('Invalid Refresh Token: Already Used');
      },
    });
    const wrapped = await caught(createApiClient(failing.deps).request(ItemSchema, '/api/profile'));
    expect(wrapped).toMatchObject({ status: 401, message: 'Authentication error: Invalid Refresh Token: Already Used' });
    expect(requests).toHaveLength(1);

    requests = [];
    const refused = harness();
    const again = await caught(createApiClient(refused.deps).request(ItemSchema, '/api/profile'));
    expect(again).toMatchObject({ status: 401, message: AUTHENTICATION_REQUIRED_MESSAGE });
    expect(requests).toHaveLength(2);
  });

  it('on 403 refreshes and retries once, then reports the real refusal', async () => {
    handler = (_req, res) => json(res, 403, { error: { code: 'FORBIDDEN', message: 'Administrators only' } });
    const h = harness();
    const err = await caught(createApiClient(h.deps).request(ItemSchema, '/api/analytics'));
    expect(err).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Administrators only' });
    expect(h.refreshCalls).toBe(1);
    expect(requests).toHaveLength(2);
  });

  it('refreshes at most once per 5 seconds; concurrent 401s share the refresh', async () => {
    let valid = 'fresh-token';
    handler = (req, res) => (req.headers.authorization === `Bearer ${valid}` ? json(res, 200, { id: 'ok', count: 1 }) : json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'expired' } }));
    const h = harness();
    const { request } = createApiClient(h.deps);
    const results = await Promise.all([request(ItemSchema, '/api/a'), request(ItemSchema, '/api/b'), request(ItemSchema, '/api/c')]);
    expect(results).toHaveLength(3);
    expect(h.refreshCalls).toBe(1);

    // Within the window a further 401 is not refreshed again: the fresh token already failed.
    valid = 'newer-token';
    h.deps.getAccessToken = async () => 'fresh-token';
    h.clock.now += 4_999;
    const err = await caught(request(ItemSchema, '/api/d'));
    expect(err.message).toBe(AUTHENTICATION_REQUIRED_MESSAGE);
    expect(h.refreshCalls).toBe(1);

    // After 5 s the next 401 refreshes again.
    h.clock.now += 1;
    h.deps.refreshAccessToken = async () => {
      h.refreshCalls++;
      return 'newer-token';
    };
    await expect(request(ItemSchema, '/api/e')).resolves.toEqual({ id: 'ok', count: 1 });
    expect(h.refreshCalls).toBe(2);
  });
});

describe('buildUrl', () => {
  it('joins base, path and query', () => {
    expect(buildUrl('', '/api/tasks', { tab: 'search', q: 'roof leak', empty: null })).toBe('/api/tasks?tab=search&q=roof+leak');
    expect(buildUrl('https://api.example.com/', 'api/jobs')).toBe('https://api.example.com/api/jobs');
  });

});
