import type { z } from 'zod';

/**
 * One HTTP endpoint, defined once and consumed by both sides: the server registers its route from it
 * (apps/server/src/platform/endpoint.ts) and the web client calls it with typed params (apps/web/src/lib/api-client.ts).
 * A path is written here and nowhere else.
 *
 *   export const contactEndpoints = {
 *     get: defineEndpoint({ method: 'GET', path: '/api/contacts/:id', params: IdParamsSchema, response: ContactSchema, … }),
 *   };
 */
/** HEAD: the resumable uploads' offset (tus, uploads.ts). */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. The server's `route()` enforces it before the handler runs and hands the handler the
 * caller typed by it; no handler checks sign-in itself.
 * - 'public': anyone; no session needed (a caller's session, if sent, is still resolved).
 * - 'user': a signed-in user (401 otherwise).
 * - 'workspace': a signed-in user in a workspace — work data lives in one (409 NO_WORKSPACE otherwise).
 * - 'admin': a signed-in system admin (403 otherwise).
 * - 'auth-session': the GoTrue-compatible /auth/v1 scope only — a live session, checked by that scope with
 *   GoTrue's own errors (401 no_authorization, 403 bad_jwt / session_not_found …).
 */
export type EndpointAccess = 'public' | 'user' | 'workspace' | 'admin' | 'auth-session';

/** Each access level in words: who may call, and what anyone else is answered (the OpenAPI document shows it). */
export const ENDPOINT_ACCESS_DESCRIPTIONS: Readonly<Record<EndpointAccess, string>> = {
  public: 'public: anyone, no session needed',
  user: 'signed in: a live session (401 without)',
  workspace: 'workspace member: signed in and in a workspace (401 without a session, 409 NO_WORKSPACE without a workspace)',
  admin: 'system admin: signed in with the admin role (401 without a session, 403 for anyone else)',
  'auth-session': "signed in, checked by /auth/v1 itself with GoTrue's errors (401 no_authorization, 403 bad_jwt / session_not_found)",
};

export const ENDPOINT_ACCESS_LEVELS = Object.keys(ENDPOINT_ACCESS_DESCRIPTIONS) as readonly EndpointAccess[];

export type EndpointDef = {
  method: HttpMethod;
  /** The full path with `:name` params, e.g. '/api/contacts/:id'. */
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status (default 200). */
  status?: number;
  response: z.ZodType;
  /** Who may call it (required: an endpoint without one cannot be registered); see EndpointAccess. */
  access: EndpointAccess;
  /**
   * Written by the phone's offline queue (apps/web/src/lib/offline, which accepts only endpoints marked so): with an
   * Idempotency-Key, the handler and its kept answer commit in one transaction, so a crash between the two can never
   * run a repeat again. Only for short handlers that call nothing outside the database: the transaction is held for
   * the handler's whole run (on the embedded database it holds every other query). Any other signed-in write still
   * honours the key, keeping its answer after the handler (platform/idempotency.ts).
   */
  offlineQueued?: true;
};

export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends (before the schema's defaults and transforms) … */
export type EndpointParams<E extends EndpointDef> = InputOf<E['params']>;
export type EndpointQuery<E extends EndpointDef> = InputOf<E['query']>;
export type EndpointBody<E extends EndpointDef> = InputOf<E['body']>;
/** … and what the server's handler receives (after them). */
export type EndpointParamsOut<E extends EndpointDef> = OutputOf<E['params']>;
export type EndpointQueryOut<E extends EndpointDef> = OutputOf<E['query']>;
export type EndpointBodyOut<E extends EndpointDef> = OutputOf<E['body']>;
export type EndpointResponse<E extends EndpointDef> = z.output<E['response']>;

/** The path with its `:name` params filled in (each URI-encoded); a missing param is a programming error. */
export function endpointPath(path: string, params?: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
