import { ApiErrorSchema } from '@fieldbook/contract';
import type { z } from 'zod';
import { auth } from './auth-client';
import { clearStoredAuthToken, readStoredAuthToken } from './auth-token-storage';
import { apiBaseUrl } from './api-base';

/**
 * The request layer of the product API (spec 000 §7–§9): bearer token, timeout, retries with backoff,
 * 401/403 session refresh with one retry, and every answer parsed with its contract schema.
 * Deliberate deviation (design.md §10): failures are thrown, never turned into empty 200 answers.
 */

/** Spec 000 §9. */
export const REQUEST_TIMEOUT_MS = 3000;
export const MAX_RETRIES = 2;
export const RETRY_BASE_DELAY_MS = 500;
export const AUTH_REFRESH_THROTTLE_MS = 5000;
export const UNAUTHORIZED_MESSAGE = 'Unauthorized - Please log in again';
/** Spec 000 §8: the server still answers 401 after a refreshed session — a native HTTP 401. */
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';
/** Spec 000 §8: a session refresh that failed with a reason is reported wrapped. */
export const authenticationErrorMessage = (reason: string) => `Authentication error: ${reason}`;

export type QueryValue = string | number | boolean | undefined | null;

export type ApiRequestInit = {
  method?: string;
  body?: unknown;
  query?: Record<string, QueryValue>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` (a write the offline queue may send again): the server answers a repeat with the first answer. */
  idempotencyKey?: string;
};

export type FieldDetail = { field: string; message: string };

/**
 * Codes the client gives answers that are not the API's own: HTML instead of JSON (a proxy or a wrong API URL),
 * a body that is not JSON, a JSON body of the wrong shape, a non-OK answer without the error envelope.
 */
export const CLIENT_ERROR_CODES = { html: 'HTML_RESPONSE', invalidJson: 'INVALID_RESPONSE', invalidShape: 'INVALID_SHAPE' } as const;
/** Spec 001 §8: a success body of the wrong shape. */
export const INVALID_RESPONSE_FORMAT_MESSAGE = 'Invalid response format';

export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: FieldDetail[];
  /** The HTTP status text ('Bad Gateway'), when there was an answer. */
  readonly statusText: string;
  constructor(status: number, code: string, message: string, details?: FieldDetail[], statusText = '') {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.statusText = statusText;
    if (details) this.details = details;
  }
}

export type ApiClientDeps = {
  fetch: typeof fetch;
  /** The current access token, or null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /**
   * Refreshes the session; resolves the new access token, or null when there is no session to refresh; rejects
   * with the reason when the refresh itself failed.
   */
  refreshAccessToken: () => Promise<string | null>;
  /** Forgets the browser-stored token copies before a refresh (spec 000 §8). */
  clearStoredToken: () => void;
  getBaseUrl: () => string;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const RETRYABLE_STATUSES = new Set([502, 503]);
/** A timed-out request may have been applied; only methods safe to repeat are retried after a timeout. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

class TimeoutError extends Error {}

/** Reads the contract's error envelope (`ApiErrorSchema`); anything else becomes a generic error with the status. */
function errorFromBody(res: Response, body: unknown): ApiRequestError {
  return apiErrorFrom(res.status, body, res.statusText);
}

/** An HTML page where JSON was expected: the SPA's index.html from a wrong API URL, or a proxy's error page. */
function isHtml(res: Response, text: string): boolean {
  return (res.headers.get('content-type') ?? '').includes('text/html') || /^\s*</.test(text);
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.replace(/\/+$/, '');
  const normalisedPath = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${normalisedPath}${search ? `${normalisedPath.includes('?') ? '&' : '?'}${search}` : ''}`;
}

export function createApiClient(deps: ApiClientDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? Date.now;
  type Refreshed = { token: string | null; failure?: string };
  let lastRefresh: { at: number; result: Promise<Refreshed> } | null = null;

  /** At most one session refresh per 5 s; concurrent 401s share it (spec 000 §8 throttle). */
  function refreshThrottled(): Promise<Refreshed> {
    const at = now();
    if (lastRefresh && at - lastRefresh.at < AUTH_REFRESH_THROTTLE_MS) return lastRefresh.result;
    deps.clearStoredToken();
    const result = deps.refreshAccessToken().then(
      (token) => ({ token }),
      (err: unknown) => ({ token: null, failure: err instanceof Error && err.message ? err.message : 'session refresh failed' }),
    );
    lastRefresh = { at, result };
    return result;
  }

  async function fetchOnce(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    if (outer?.aborted) controller.abort();
    outer?.addEventListener('abort', onOuterAbort);
    try {
      return await deps.fetch(url, { ...init, signal: controller.signal });
    } catch (err) {
      if (timedOut) throw new TimeoutError(`Request timed out after ${timeoutMs} ms`);
      throw err;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  /** Network errors, timeouts, 502 and 503 are retried twice with 500 ms, 1000 ms backoff. */
  async function fetchWithRetry(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal, hasKey = false): Promise<Response> {
    const method = (init.method ?? 'GET').toUpperCase();
    for (let attempt = 0; ; attempt++) {
      const canRetry = attempt < MAX_RETRIES;
      const delay = RETRY_BASE_DELAY_MS * 2 ** attempt;
      try {
        const res = await fetchOnce(url, init, timeoutMs, outer);
        if (RETRYABLE_STATUSES.has(res.status) && canRetry) {
          await sleep(delay);
          continue;
        }
        return res;
      } catch (err) {
        if (outer?.aborted) throw err; // the caller cancelled: no retry, no wrapping
        const isTimeout = err instanceof TimeoutError;
        if (canRetry && (!isTimeout || IDEMPOTENT_METHODS.has(method) || hasKey)) {
          await sleep(delay);
          continue;
        }
        throw isTimeout
          ? new ApiRequestError(0, 'TIMEOUT', 'The server took too long to answer. Please try again.')
          : new ApiRequestError(0, 'NETWORK_ERROR', 'Unable to connect to server. Please check your connection and try again.');
      }
    }
  }

  async function readBody(res: Response): Promise<{ json: unknown; isJson: boolean; isHtml: boolean }> {
    const text = await res.text();
    if (!text) return { json: undefined, isJson: true, isHtml: false };
    try {
      return { json: JSON.parse(text) as unknown, isJson: true, isHtml: false };
    } catch {
      return { json: undefined, isJson: false, isHtml: isHtml(res, text) };
    }
  }

  /** Per resource path, the last write to it not yet settled (see `request`). */
  const lastWrite = new Map<string, Promise<unknown>>();

  /**
   * Writes to one resource (PUT, PATCH or DELETE of one path, whatever the query) go out one after another, in the
   * order they were made. A timed-out PUT is sent again (above): without this, Mark Complete timing out on one bar of
   * signal and then Reopen reached the server as complete, reopen, complete again from the retry — the task ended
   * completed, against the user's last tap. Each write waits until the one before it to that path has settled
   * (answered, refused, or given up after its retries: at most three timeouts and the backoff). Reads, and POSTs to a
   * collection (each makes its own row), are not held.
   */
  function request<S extends z.ZodType>(schema: S, path: string, init: ApiRequestInit = {}): Promise<z.infer<S>> {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'PUT' && method !== 'PATCH' && method !== 'DELETE') return requestNow(schema, path, init);
    const key = path.split('?')[0]!;
    const previous = lastWrite.get(key);
    const result = previous ? previous.then(() => requestNow(schema, path, init)) : requestNow(schema, path, init);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    lastWrite.set(key, settled);
    void settled.then(() => {
      if (lastWrite.get(key) === settled) lastWrite.delete(key);
    });
    return result;
  }

  async function requestNow<S extends z.ZodType>(schema: S, path: string, init: ApiRequestInit): Promise<z.infer<S>> {
    const url = buildUrl(deps.getBaseUrl(), path, init.query);
    const timeoutMs = init.timeoutMs ?? REQUEST_TIMEOUT_MS;
    const isRawBody = init.body instanceof FormData || init.body instanceof Blob;
    const send = (token: string | null) => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (init.body !== undefined && !isRawBody) headers['Content-Type'] = 'application/json';
      // A timed-out write with a key is safe to send again: the server runs it once.
      if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
      const body = init.body === undefined ? undefined : isRawBody ? (init.body as BodyInit) : JSON.stringify(init.body);
      return fetchWithRetry(url, { method: init.method ?? 'GET', headers, body }, timeoutMs, init.signal, !!init.idempotencyKey);
    };

    const token = await deps.getAccessToken();
    let res = await send(token);
    if (res.status === 401 || res.status === 403) {
      const firstStatus = res.status;
      const { token: fresh, failure } = await refreshThrottled();
      if (failure) throw new ApiRequestError(401, 'UNAUTHORIZED', authenticationErrorMessage(failure));
      if (!fresh) throw new ApiRequestError(401, 'UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      // A token refreshed moments ago that still fails: a 401 means the session is gone, a 403 is a real refusal.
      if (fresh !== token) res = await send(fresh);
      if (res.status === 401 || (firstStatus === 401 && fresh === token)) {
        throw new ApiRequestError(401, 'UNAUTHORIZED', AUTHENTICATION_REQUIRED_MESSAGE);
      }
    }

    const body = await readBody(res);
    if (body.isHtml) throw new ApiRequestError(res.status, CLIENT_ERROR_CODES.html, 'The API server is not responding correctly...', undefined, res.statusText);
    if (!res.ok) throw errorFromBody(res, body.json);
    if (!body.isJson) throw new ApiRequestError(res.status, CLIENT_ERROR_CODES.invalidJson, 'Received invalid response from server', undefined, res.statusText);
    const parsed = schema.safeParse(body.json);
    if (!parsed.success) {
      console.error(`Response of ${path} does not match its contract`, parsed.error.issues);
      throw new ApiRequestError(res.status, CLIENT_ERROR_CODES.invalidShape, INVALID_RESPONSE_FORMAT_MESSAGE, undefined, res.statusText);
    }
    return parsed.data;
  }

  /** The throttled session refresh the requests use, for the requests the client cannot make (uploads). */
  return { request, refresh: refreshThrottled };
}

const defaultDeps: ApiClientDeps = {
  fetch: (input, init) => globalThis.fetch(input, init),
  getAccessToken: async () => {
    const { data } = await auth.getSession();
    return data.session?.access_token ?? readStoredAuthToken();
  },
  refreshAccessToken: async () => {
    // Signed out: nothing to refresh. Otherwise a failed refresh carries its reason (spec 000 §8 wrapping).
    if (!(await auth.getSession()).data.session) return null;
    const { data, error } = await auth.refreshSession();
    if (error) throw new Error(error.message);
    return data.session?.access_token ?? null;
  },
  clearStoredToken: clearStoredAuthToken,
  // The one API base (lib/api-base.ts): same-origin in a browser unless an allowed API URL is stored, absolute in the app.
  getBaseUrl: apiBaseUrl,
};
const defaultClient = createApiClient(defaultDeps);

/**
 * For the requests the JSON client cannot make — an upload with progress (XMLHttpRequest), a file's bytes — the
 * API's base URL and the current access token, from the same sources the client uses.
 */
export async function rawApiAccess(): Promise<{ baseUrl: string; token: string | null }> {
  return { baseUrl: defaultDeps.getBaseUrl(), token: await defaultDeps.getAccessToken() };
}

/** The contract's error envelope of a non-JSON request's answer, as the client's own error. */
export function apiErrorFrom(status: number, body: unknown, statusText = ''): ApiRequestError {
  const envelope = ApiErrorSchema.safeParse(body);
  if (!envelope.success) return new ApiRequestError(status, `HTTP_${status}`, `Request failed (${status}${statusText ? ` ${statusText}` : ''})`, undefined, statusText);
  const { code, message, details } = envelope.data.error;
  return new ApiRequestError(status, code, message, details, statusText);
}

/** Calls the product API and parses the answer with `schema`; throws ApiRequestError on any failure. */
export const apiRequest = defaultClient.request;
/** Refreshes the session after a 401 (shared with apiRequest: one refresh per 5 s); the new token, or the failure. */
export const refreshApiAccess = defaultClient.refresh;

/**
 * The server's field refusals (`error.details`) as form errors: `fields` lists the form's fields named as the
 * server names them, or maps server names to form names. Details of other fields are left out (the message shows).
 */
export function fieldErrorsOf<F extends string>(err: unknown, fields: readonly F[] | Readonly<Record<string, F>>): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (!(err instanceof ApiRequestError)) return errors;
  const formField = (server: string): F | undefined =>
    Array.isArray(fields) ? (fields.includes(server as F) ? (server as F) : undefined) : (fields as Readonly<Record<string, F>>)[server];
  for (const d of err.details ?? []) {
    const field = formField(d.field);
    if (field && errors[field] === undefined) errors[field] = d.message;
  }
  return errors;
}
