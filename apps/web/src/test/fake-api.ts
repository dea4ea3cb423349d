import * as contract from '@fieldbook/contract';
import type { EndpointBodyOut, EndpointDef, EndpointParamsOut, EndpointQueryOut, EndpointResponse } from '@fieldbook/contract';
import { vi } from 'vitest';

/**
 * The one way web tests fake the API: requests are routed to a contract endpoint (method + path pattern from
 * packages/contract), never matched by a literal path, so a test keeps working when a path changes and breaks when
 * the web calls something the contract does not define.
 *
 *   const api = fakeApi().on(profileEndpoints.get, PROFILE).on(jobEndpoints.update, ({ params, body }) => ({ ...job, ...body }));
 *   …
 *   expect(api.calls(jobEndpoints.update)[0]?.body).toEqual({ status: 'completed' });
 *
 * Like the server's route helper, it parses the path params, the query and the JSON body with the endpoint's schemas
 * (a request the server would refuse gets the server's 400 VALIDATION_ERROR) and hands the handler the parsed values.
 * A plain answer is checked against the endpoint's response schema and sent with the endpoint's success status; a
 * `Response` is sent as it is (errors: `apiError(…)`, streams); a handler that throws makes `fetch` reject (no answer,
 * as offline). Unfaked endpoints answer 404. Uploads (lib/uploads, XMLHttpRequest for its progress) reach the same
 * fakes: `XMLHttpRequest` is stubbed too, the multipart body is the request's `form`. `fetch` and `XMLHttpRequest` are
 * stubbed with `vi.stubGlobal`: `vi.unstubAllGlobals()` after.
 */

type AnyEndpoint = EndpointDef;

/** A request as the endpoint's handler would see it. */
export type FakeRequest<E extends AnyEndpoint = AnyEndpoint> = {
  /** The endpoint's name in the contract, e.g. 'jobEndpoints.update'. */
  name: string;
  endpoint: E;
  method: string;
  url: URL;
  params: EndpointParamsOut<E>;
  query: EndpointQueryOut<E>;
  body: EndpointBodyOut<E>;
  /** The body as sent (a FormData upload, a JSON string). */
  rawBody: BodyInit | null | undefined;
  /** An upload's multipart body (its fields and `file`). */
  form: FormData | undefined;
  /** An upload's progress as the uploader sees it, in percent, before the answer (a no-op for other requests). */
  progress: (percent: number) => void;
  headers: Headers;
};

type Awaitable<T> = T | Promise<T>;
export type FakeAnswer<E extends AnyEndpoint> = EndpointResponse<E> | Response | ((req: FakeRequest<E>) => Awaitable<EndpointResponse<E> | Response>);

export type FakeApi = {
  /** Answers `endpoint` with `answers` in turn (the last one repeats); replaces an earlier fake of it. */
  on<E extends AnyEndpoint>(endpoint: E, ...answers: [FakeAnswer<E>, ...FakeAnswer<E>[]]): FakeApi;
  /**
   * A request caught in flight: `endpoint` reports `progress` percent (an upload's) and gives `answer` only once the
   * returned release is called.
   */
  hold<E extends AnyEndpoint>(endpoint: E, answer: FakeAnswer<E>, opts?: { progress?: number }): () => void;
  /** Every request, in order (also the refused and unfaked ones). */
  requests: FakeRequest[];
  /** The requests made to `endpoint`, with its parsed params, query and body. */
  calls<E extends AnyEndpoint>(endpoint: E): FakeRequest<E>[];
  /** What went wrong on the fake's side: unfaked endpoints, requests outside the contract, answers off the contract. */
  problems: string[];
};

type Known = { name: string; endpoint: AnyEndpoint; pattern: RegExp; keys: string[] };

const isEndpoint = (v: unknown): v is AnyEndpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

/** Every endpoint the contract exports (its `…Endpoints` groups); literal paths before parameterised ones. */
const KNOWN: Known[] = Object.entries(contract)
  .filter(([group, defs]) => group.endsWith('Endpoints') && typeof defs === 'object' && defs !== null)
  .flatMap(([group, defs]) =>
    Object.entries(defs as Record<string, unknown>)
      .filter((entry): entry is [string, AnyEndpoint] => isEndpoint(entry[1]))
      .map(([key, endpoint]) => {
        const keys: string[] = [];
        const source = endpoint.path
          .split('/')
          .map((segment) => {
            const param = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?$/.exec(segment);
            if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            keys.push(param[1]!);
            return param[2] ? '?([^/]*)' : '([^/]+)';
          })
          .join('/');
        return { name: `${group}.${key}`, endpoint, pattern: new RegExp(`^${source}/?$`), keys };
      }),
  )
  .sort((a, b) => a.keys.length - b.keys.length);

const nameOf = new Map(KNOWN.map((k) => [k.endpoint, k.name]));

/** The API's error envelope with `status`. */
export function apiError(status: number, code: contract.ErrorCode, message: string, details?: contract.FieldIssue[]): Response {
  return jsonResponse({ error: { code, message, ...(details ? { details } : {}) } }, status);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's answer to a request its schemas refuse. */
function refused(where: string, error: { issues: Array<{ path: PropertyKey[]; message: string }> }): Response {
  const details = error.issues.map((i) => ({ field: i.path.map(String).join('.') || where, message: i.message }));
  return apiError(400, 'VALIDATION_ERROR', details[0]?.message ?? `Invalid ${where}`, details);
}

export function fakeApi(): FakeApi {
  const answers = new Map<AnyEndpoint, FakeAnswer<AnyEndpoint>[]>();
  const api: FakeApi = {
    requests: [],
    problems: [],
    on(endpoint, ...list) {
      if (!nameOf.has(endpoint)) throw new Error(`fakeApi.on: ${endpoint.method} ${endpoint.path} is not an endpoint the contract exports`);
      answers.set(endpoint, [...list] as FakeAnswer<AnyEndpoint>[]);
      return api;
    },
    hold(endpoint, answer, opts = {}) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      api.on(endpoint, async (req) => {
        if (opts.progress !== undefined) req.progress(opts.progress);
        await held;
        type Answerer = (r: typeof req) => Awaitable<EndpointResponse<typeof endpoint> | Response>;
        return typeof answer === 'function' ? (answer as Answerer)(req) : answer instanceof Response ? answer.clone() : answer;
      });
      return release;
    },
    calls: <E extends AnyEndpoint>(endpoint: E) => api.requests.filter((r) => r.endpoint === endpoint) as unknown as FakeRequest<E>[],
  };

  /** One request, as the server would answer it. */
  const serve = async (input: RequestInfo | URL, init: RequestInit = {}, progress: (percent: number) => void = () => {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const label = `${method} ${url.pathname}`;
    let match: { known: Known; values: string[] } | undefined;
    for (const known of KNOWN) {
      if (known.endpoint.method !== method) continue;
      const m = known.pattern.exec(url.pathname);
      if (m) {
        match = { known, values: m.slice(1).map((v) => decodeURIComponent(v ?? '')) };
        break;
      }
    }
    if (!match) {
      api.problems.push(`${label} is not an endpoint of the contract`);
      return apiError(404, 'NOT_FOUND', `No contract endpoint for ${label}`);
    }
    const { endpoint, name, keys } = match.known;
    const req: FakeRequest = { name, endpoint, method, url, params: undefined, query: undefined, body: undefined, rawBody: init.body, form: init.body instanceof FormData ? init.body : undefined, progress, headers: new Headers(init.headers) };
    api.requests.push(req);

    // As the server does: params, query and JSON body through the endpoint's schemas.
    if (endpoint.params) {
      const parsed = endpoint.params.safeParse(Object.fromEntries(keys.map((k, i) => [k, match.values[i]]).filter(([, v]) => v !== '')));
      if (!parsed.success) return refused('params', parsed.error);
      req.params = parsed.data;
    }
    if (endpoint.query) {
      const raw: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        raw[key] = all.length > 1 ? all : all[0]!;
      }
      const parsed = endpoint.query.safeParse(raw);
      if (!parsed.success) return refused('query', parsed.error);
      req.query = parsed.data;
    }
    if (endpoint.body && typeof init.body === 'string') {
      const parsed = endpoint.body.safeParse(JSON.parse(init.body));
      if (!parsed.success) return refused('body', parsed.error);
      req.body = parsed.data;
    }

    const list = answers.get(endpoint);
    if (!list) {
      api.problems.push(`${name} (${label}) has no fake`);
      return apiError(404, 'NOT_FOUND', `No fake for ${name}`);
    }
    const next = list.length > 1 ? list.shift()! : list[0]!;
    // A Response given as a value may be sent again (the last answer repeats): send a copy, keep it unread.
    const answer = typeof next === 'function' ? await next(req) : next instanceof Response ? next.clone() : next;
    if (answer instanceof Response) return answer;
    const status = endpoint.status ?? 200;
    if (status === 204) return new Response(null, { status });
    // What the client would parse: the JSON of the answer, checked here so a stale fixture names its field.
    const checked = endpoint.response.safeParse(JSON.parse(JSON.stringify(answer ?? null)));
    if (!checked.success) {
      const why = checked.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
      api.problems.push(`${name}: the fake's answer does not match the contract: ${why}`);
      return apiError(500, 'INTERNAL', `Fake answer for ${name} does not match the contract: ${why}`);
    }
    return jsonResponse(answer, status);
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => serve(input, init));
  vi.stubGlobal('XMLHttpRequest', fakeXhr(serve));
  return api;
}

/** What an XMLHttpRequest with `responseType = 'json'` holds: the parsed answer, or null for anything but JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

type ProgressEvent = { lengthComputable: boolean; loaded: number; total: number };

/**
 * XMLHttpRequest as lib/uploads/upload-file.ts uses it, sending through `serve`: what the handler reports with
 * `req.progress`, then the whole body as sent before the answer; a JSON answer is parsed for `responseType = 'json'`,
 * and a handler that throws is a network failure (onerror).
 */
function fakeXhr(serve: (url: string, init: RequestInit, progress: (percent: number) => void) => Promise<Response>) {
  return class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    response: unknown = null;
    responseType: XMLHttpRequestResponseType = '';
    private method = 'GET';
    private url = '';
    private headers = new Headers();
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    send(body: XMLHttpRequestBodyInit | null = null) {
      const progress = (percent: number) => !this.aborted && this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 });
      void serve(this.url, { method: this.method, body, headers: this.headers }, progress).then(
        async (res) => {
          if (this.aborted) return;
          progress(100);
          this.status = res.status;
          this.statusText = res.statusText;
          const text = await res.text();
          this.response = this.responseType === 'json' ? parseJson(text) : text;
          this.onload?.();
        },
        () => !this.aborted && this.onerror?.(),
      );
    }
  };
}
