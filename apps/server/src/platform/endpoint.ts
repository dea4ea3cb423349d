import {
  ENDPOINT_ACCESS_DESCRIPTIONS,
  ENDPOINT_ACCESS_LEVELS,
  type EndpointAccess,
  type EndpointBodyOut,
  type EndpointDef,
  type EndpointParamsOut,
  type EndpointQueryOut,
} from '@fieldbook/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor, requireAdmin, requireWorkspace, type Actor } from './auth-guard';
import { idempotencyHooks } from './idempotency';
import type { JsonText } from './json-text';

/** A caller who is in a workspace ('workspace' endpoints). */
export type WorkspaceActor = Actor & { workspaceId: string };
/** A system admin ('admin' endpoints). */
export type AdminActor = Actor & { role: 'admin' };

/**
 * What a scope with its own sign-in check resolves for its 'auth-session' endpoints: the auth feature declares it
 * (`declare module '…/platform/endpoint' { interface ScopeSession { value: AuthContext } }`) and decorates its
 * scope with `checkSession`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface ScopeSession {}
type SessionValue = ScopeSession extends { value: infer V } ? V : never;

/** The caller a handler receives, typed by the endpoint's access level. */
export type ActorFor<A> = A extends 'workspace'
  ? WorkspaceActor
  : A extends 'admin'
    ? AdminActor
    : A extends 'user'
      ? Actor
      : A extends 'public'
        ? Actor | null
        : never;

export type EndpointContext<E extends EndpointDef> = {
  params: EndpointParamsOut<E>;
  query: EndpointQueryOut<E>;
  body: EndpointBodyOut<E>;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The caller, checked against the endpoint's `access` before the handler runs. */
  actor: ActorFor<E['access']>;
  /** 'auth-session' endpoints: what the scope's own session check resolved. */
  session: E['access'] extends 'auth-session' ? SessionValue : undefined;
};

/** An answer of the endpoint's response schema: an object (serialized and checked by Fastify) or SQL-built JSON text. */
export type EndpointAnswer<E extends EndpointDef> = z.input<E['response']> | JsonText<E['response']>;

type RouteConfig = { endpoint?: EndpointDef; access?: EndpointAccess; jsonAnswer?: boolean };

/**
 * Whether an endpoint's success answer is JSON: its response schema says what it is. Files — PDFs, audio, photos,
 * CSV, calendars, streams — are declared `z.unknown()` or a described `z.string()` (platform/security-headers.ts
 * gives JSON answers their own headers).
 */
function answersJson(endpoint: EndpointDef): boolean {
  const type = (endpoint.response as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
  return type !== undefined && !['unknown', 'any', 'string', 'custom'].includes(type);
}

/** The OpenAPI document's one security scheme: every endpoint but a 'public' one needs the session's access token. */
export const OPENAPI_SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "The session's access token (POST /auth/v1/token)" },
} as const;

/**
 * The product's HTTP surface: every route here comes from packages/contract. Not part of it: /api/docs (the
 * OpenAPI document made from the contract, and its viewer) and the /dev mailbox (a development tool).
 */
const PRODUCT_PREFIXES = /^\/(api(?!\/docs(\/|$))|api-fast|auth\/v1)(\/|$)/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests only: product routes registered without a contract endpoint (always empty when the code is right). */
    routesOutsideContract?: string[];
    /** A scope's own sign-in check for its 'auth-session' endpoints (the GoTrue-compatible /auth/v1 scope). */
    checkSession?: (req: FastifyRequest) => Promise<SessionValue>;
  }
  interface FastifyContextConfig {
    /** The contract endpoint's access level (the auth guard lets 'public' through without a session). */
    access?: EndpointAccess;
    /** The endpoint answers JSON (answersJson): its answers carry the JSON answer's security headers. */
    jsonAnswer?: boolean;
  }
}

/**
 * The caller of an endpoint with `access`, or the error its access level answers: the auth guard has already
 * answered 401 to a request without a live session (before validation); the workspace and role rules are checked
 * here, after validation, where the handlers used to check them.
 */
function callerFor(access: EndpointAccess, req: FastifyRequest): Actor | null {
  if (access === 'public' || access === 'auth-session') return req.actor ?? null;
  const actor = requireActor(req);
  if (access === 'workspace') requireWorkspace(actor);
  if (access === 'admin') requireAdmin(actor);
  return actor;
}

/**
 * Registers `endpoint` (defined once in packages/contract) on `app`, a scope registered under a prefix such as
 * '/api': the path is the contract's, minus that prefix. Validation, the OpenAPI document and the success status
 * all come from the definition. The handler returns the answer, or sends a different reply itself (redirects).
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: EndpointContext<E>) => Promise<EndpointAnswer<E> | FastifyReply>,
  options: { config?: FastifyContextConfig } = {},
): void {
  const prefix = app.prefix;
  if (!endpoint.path.startsWith(prefix)) throw new Error(`${endpoint.path} cannot be registered under ${prefix}`);
  const status = endpoint.status ?? 200;
  // Who may call it is part of the definition: an endpoint that does not say is refused here, not left open (the
  // type requires it too; this catches a definition built around the type).
  const access: EndpointAccess | undefined = endpoint.access;
  if (access === undefined) throw new Error(`${endpoint.method} ${endpoint.path} declares no access level`);
  if (!ENDPOINT_ACCESS_LEVELS.includes(access)) throw new Error(`${endpoint.method} ${endpoint.path} has an unknown access level "${String(access)}"`);
  // A signed-in level needs the auth guard's caller in its scope; without it every call would be a 401.
  if ((access === 'user' || access === 'workspace' || access === 'admin') && !app.hasRequestDecorator('actor')) {
    throw new Error(`${endpoint.method} ${endpoint.path} is '${access}' but its scope has no auth guard`);
  }
  const checkSession = access === 'auth-session' ? app.checkSession : undefined;
  if (access === 'auth-session' && !checkSession) throw new Error(`${endpoint.method} ${endpoint.path} needs a scope with its own session check`);
  // The access level travels in the route's config (the auth guard lets 'public' endpoints through without a session),
  // and whether it answers JSON (the answer's security headers).
  const config: RouteConfig = { ...options.config, access, endpoint, jsonAnswer: answersJson(endpoint) };
  // Signed-in writes honour Idempotency-Key in a scope that keeps answers (platform/idempotency.ts): a repeat gets
  // the first answer without the handler running again.
  // On an endpoint the contract marks offlineQueued, the handler of a request that claimed its key runs in one
  // transaction with keeping its answer (`around`).
  const { around, ...idempotent } = idempotencyHooks(app, endpoint, access === 'user' || access === 'workspace' || access === 'admin');
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path.slice(prefix.length) || '/',
    config,
    ...idempotent,
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      // Who may call it, in the OpenAPI document: in words, and as the contract's level for tools.
      description: `Access: ${ENDPOINT_ACCESS_DESCRIPTIONS[access]}.`,
      'x-access': access,
      security: access === 'public' ? [] : [{ bearer: [] }],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response },
    },
    handler: async (req, reply) => {
      const actor = callerFor(access, req);
      const session = checkSession ? await checkSession(req) : undefined;
      const run = () =>
        handler({
          params: req.params as EndpointParamsOut<E>,
          query: req.query as EndpointQueryOut<E>,
          body: req.body as EndpointBodyOut<E>,
          req,
          reply,
          actor: actor as ActorFor<E['access']>,
          session: session as EndpointContext<E>['session'],
        });
      const answer = around ? await around(req, reply, status, run) : await run();
      if (answer === reply || reply.sent) return reply;
      // JSON text from SQL goes out unchanged (Fastify does not serialize a string with a JSON content type), as
      // bytes: node:http writes a string body after its headers by joining the two into a new string on the heap
      // (a list page's 5–50 kB again, every request), a Buffer beside them (writev) — less garbage, fewer
      // scavenges under load (bench/README.md, 2026-12-06).
      if (typeof answer === 'string') return reply.status(status).type('application/json; charset=utf-8').send(Buffer.from(answer, 'utf8'));
      return reply.status(status).send(answer);
    },
  });
}

/**
 * Tests only (enabled by the test app): every success answer of a contract endpoint — SQL-built JSON text
 * included — is parsed with the endpoint's response schema; a mismatch fails the request with a 500 naming it.
 */
export function checkResponsesAgainstContract(app: FastifyInstance): void {
  // Also record every product route that was not made from a contract endpoint (a test asserts there are none).
  const outside: string[] = [];
  app.decorate('routesOutsideContract', outside);
  app.addHook('onRoute', (opts) => {
    const config = opts.config as RouteConfig | undefined;
    if (!config?.endpoint && opts.method !== 'HEAD' && PRODUCT_PREFIXES.test(opts.url)) outside.push(`${String(opts.method)} ${opts.url}`);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const endpoint = (req.routeOptions.config as RouteConfig | undefined)?.endpoint;
    // JSON text from SQL is sent as bytes (route() above), everything Fastify serialized as a string.
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (!endpoint || reply.statusCode < 200 || reply.statusCode >= 300 || text === null) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    const parsed = endpoint.response.safeParse(JSON.parse(text));
    if (!parsed.success) {
      throw new Error(`${endpoint.method} ${endpoint.path} answered outside its contract:\n${z.prettifyError(parsed.error)}`);
    }
    return payload;
  });
}
