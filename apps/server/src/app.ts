import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TUS_REQUEST_HEADERS, TUS_RESPONSE_HEADERS } from '@fieldbook/contract';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { devMailboxRoutes } from './features/dev-mailbox';
import { authRoutes, prepareFlowAccount } from './features/auth';
import { profilesRoutes } from './features/profiles';
import { settingsRoutes } from './features/settings';
import { contactLookup, contactsRoutes } from './features/contacts';
import { workspacesRoutes } from './features/workspaces';
import { groupsRoutes } from './features/groups';
import { documentsRoutes, jobDocumentsJsonSql } from './features/documents';
import { recordingsRoutes } from './features/recordings';
import { analyticsRoutes } from './features/analytics';
import { assistantRoutes } from './features/assistant';
import { groupAssistantsRoutes } from './features/group-assistants';
import { driveRoutes } from './features/drive';
import { quotesRoutes } from './features/quotes';
import { invoicesRoutes } from './features/invoices';
import { paymentsRoutes, quoteDepositLedger, quoteDepositPayments } from './features/payments';
import { notificationsRoutes } from './features/notifications';
import { photosRoutes } from './features/photos';
import { clientHubLinks, clientHubRoutes } from './features/client-hub';
import { workRequestsRoutes } from './features/work-requests';
import { dashboardRoutes, homepageDataRoutes, performanceStatsRoutes } from './features/dashboard';
import { jobsRoutes } from './features/jobs';
import { searchRoutes } from './features/search';
import { scheduleRoutes } from './features/schedule';
import { clientMessagesRoutes, jobCompleted } from './features/client-messages';
import { jobTasksJsonSql, tasksRoutes } from './features/tasks';
import { ACTOR_CHANNEL, ActorCache } from './platform/actor-cache';
import { registerAuthGuard } from './platform/auth-guard';
import { checkResponsesAgainstContract, OPENAPI_SECURITY_SCHEMES } from './platform/endpoint';
import type { FeatureDeps } from './platform/deps';
import { acceptEmptyJsonBodies } from './platform/empty-json-body';
import { registerErrorHandler } from './platform/errors';
import { registerBodyDeadline, SERVER_TIMEOUTS, serverTimeoutOptions, type ServerTimeouts } from './platform/http-timeouts';
import { refuseNulInUrls } from './platform/input-guards';
import { appLinksRoutes } from './platform/app-links';
import { healthRoutes } from './platform/health';
import { registerIdempotency } from './platform/idempotency';
import { registerMetrics, type MetricsSource } from './platform/metrics';
import { registerResponseHeaders } from './platform/security-headers';
import { LOG_REDACT_PATHS, redactUrl, requestIdGenerator, runWithRequestId } from './platform/request-context';
import type { TokenSigner } from './platform/tokens';
import type { BlobStore } from './platform/blob-store';

export type AppDeps = {
  config: Config;
  database: Database;
  signer: TokenSigner;
  blobs: BlobStore;
  now?: () => Date;
  logger?: boolean;
  /** Tests: parse every success answer of a contract endpoint with its response schema (platform/endpoint.ts). */
  checkResponses?: boolean;
  /** How long the server waits for clients (platform/http-timeouts.ts); tests shorten them. */
  timeouts?: ServerTimeouts;
  /** The background jobs' gauges for /metrics (jobMetrics in platform/jobs.ts; main.ts passes them). */
  jobMetrics?: MetricsSource[];
};

/** The client rewrites /api/x to /api/multi-workspace/x (spec 000 §7); both answer the same routes. */
function rewriteUrl(url: string): string {
  return url.startsWith('/api/multi-workspace/') ? `/api/${url.slice('/api/multi-workspace/'.length)}` : url;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const timeouts = deps.timeouts ?? SERVER_TIMEOUTS;
  const app = Fastify({
    // Secrets never reach the log: credentials in headers and secret fields are redacted, and URLs lose their tokens
    // (signed links, invitations, sign-in links, OAuth codes) before they are logged (platform/request-context.ts).
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
            serializers: {
              req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    // The request id (`reqId` in every line of the request): a trusted proxy's X-Request-Id, else a new UUID.
    genReqId: requestIdGenerator(config.trustedProxies),
    requestIdHeader: false,
    rewriteUrl: (req) => rewriteUrl(req.url ?? '/'),
    bodyLimit: 1024 * 1024,
    // Header, body and idle timeouts: a client that stops sending never holds a request open for good.
    ...serverTimeoutOptions(timeouts),
    // X-Forwarded-For is believed only from the configured proxies (TRUSTED_PROXIES): any client can send the header,
    // and every per-address limit is keyed on the address it yields.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // One line per request and response (level info) outside tests; tests stay quiet.
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every answer carries its request id, the security headers and CORS' (one hook, values computed once; it answers
  // CORS preflights). The handler runs in the request's context, so a row it queues for a job (a document, a
  // recording, a mail) keeps the id and the job's log lines carry it.
  registerResponseHeaders(app, {
    security: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine injects style tags at runtime.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // Document previews: the PDF is fetched with the session and shown from a blob: URL in a frame.
          frameSrc: ["'self'", 'blob:'],
          // The API URL setting may point only at these (config.apiAllowedOrigins; settings validate it too).
          connectSrc: ["'self'", ...config.apiAllowedOrigins],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    // The Capacitor app calls from its own origin with bearer tokens (no cookies), so any origin may call.
    cors: {
      // The resumable uploads' tus headers (platform/uploads/resumable.ts) both ways.
      exposedHeaders: ['X-Supabase-Api-Version', 'Idempotent-Replayed', 'X-Request-Id', ...TUS_RESPONSE_HEADERS],
      allowedHeaders: ['authorization', 'content-type', 'apikey', 'x-client-info', 'x-supabase-api-version', 'idempotency-key', ...TUS_REQUEST_HEADERS],
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    },
  });
  app.addHook('preHandler', (req, _reply, done) => runWithRequestId(req.id, done));
  registerBodyDeadline(app, timeouts.bodyMs);
  // %00 in a query or path parameter: 400 on every route (bodies are checked by each scope's JSON parser).
  refuseNulInUrls(app);
  if (deps.checkResponses) checkResponsesAgainstContract(app);
  // Prometheus metrics at /metrics, only with METRICS_TOKEN (platform/metrics.ts).
  registerMetrics(app, { token: config.metricsToken ?? undefined, sources: deps.jobMetrics ?? [] });

  const featureDeps: FeatureDeps = { config, db: deps.database.db, signer: deps.signer, blobs: deps.blobs, now: deps.now ?? (() => new Date()) };

  await app.register(swagger, {
    openapi: { info: { title: 'Fieldbook API', version: '1.0.0' }, components: { securitySchemes: OPENAPI_SECURITY_SCHEMES } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Verified sessions are remembered while a LISTEN connection reports every revocation (platform/actor-cache.ts).
  const actors = new ActorCache();
  const actorListener = deps.database.listen?.(ACTOR_CHANNEL, {
    onMessage: (userId) => actors.forgetUser(userId),
    onListening: () => actors.enable(),
    onLost: () => actors.disable(),
  });
  app.addHook('onClose', async () => actorListener?.close());
  app.decorate('actorCache', actors);
  const guardDeps = { ...featureDeps, actors };

  // GoTrue-compatible auth (design.md §5): its own scope, error shape and rate limits; not under /api.
  await app.register(
    async (auth) => {
      // A logout, refresh, MFA step or account change has committed when its answer is sent: the caller's next
      // request must be checked against the database, not against a notification still on its way.
      auth.addHook('onSend', async (req) => {
        if (WRITE_METHODS.has(req.method)) actors.forgetAll();
      });
      await auth.register(authRoutes, featureDeps);
    },
    { prefix: '/auth/v1' },
  );

  // Product API: one error envelope, every route behind the auth guard unless marked public.
  await app.register(
    async (api) => {
      registerErrorHandler(api);
      registerAuthGuard(api, guardDeps);
      acceptEmptyJsonBodies(api, { emptyAs: undefined });
      // Signed-in writes accept an Idempotency-Key: a repeat gets the first answer and changes nothing.
      registerIdempotency(api, featureDeps);
      // Features, in one readable list:
      await api.register(profilesRoutes, featureDeps);
      await api.register(settingsRoutes, featureDeps);
      // A job's answer embeds its tasks and documents, built by their owners (they import jobs: handed in here).
      // A job set to completed arms its review request (client-messages imports jobs, so it is handed in here).
      await api.register(jobsRoutes, { ...featureDeps, jobParts: { tasksJson: jobTasksJsonSql, documentsJson: jobDocumentsJsonSql }, onJobCompleted: jobCompleted });
      await api.register(tasksRoutes, featureDeps);
      await api.register(contactsRoutes, featureDeps);
      await api.register(workspacesRoutes, featureDeps);
      await api.register(groupsRoutes, { ...featureDeps, contacts: contactLookup, prepareFlowAccount });
      await api.register(documentsRoutes, featureDeps);
      await api.register(recordingsRoutes, featureDeps);
      await api.register(analyticsRoutes, featureDeps);
      await api.register(assistantRoutes, featureDeps);
      await api.register(groupAssistantsRoutes, featureDeps);
      await api.register(searchRoutes, featureDeps);
      await api.register(dashboardRoutes, featureDeps);
      await api.register(driveRoutes, featureDeps);
      // Deposits on approval (issue 33): quotes and invoices use online payments, whose feature imports them: handed in here.
      // The client hub (issue 36) reads quotes and invoices; its line in their messages is handed in here.
      const hubLinks = clientHubLinks({ signer: featureDeps.signer, publicUrl: config.publicUrl });
      await api.register(quotesRoutes, { ...featureDeps, depositPayments: quoteDepositPayments(featureDeps), hubLinks });
      await api.register(invoicesRoutes, { ...featureDeps, depositLedger: quoteDepositLedger, hubLinks });
      await api.register(paymentsRoutes, featureDeps);
      await api.register(notificationsRoutes, featureDeps);
      await api.register(photosRoutes, featureDeps);
      await api.register(clientHubRoutes, featureDeps);
      await api.register(workRequestsRoutes, featureDeps);
      await api.register(scheduleRoutes, featureDeps);
      // Automatic messages to clients (issues 34/36): rules, the contact's log and opt-outs, unsubscribe, Twilio's STOP.
      await api.register(clientMessagesRoutes, featureDeps);
    },
    { prefix: '/api' },
  );

  await app.register(
    async (fast) => {
      registerErrorHandler(fast);
      registerAuthGuard(fast, guardDeps);
      await fast.register(homepageDataRoutes, featureDeps);
      await fast.register(performanceStatsRoutes, featureDeps);
    },
    { prefix: '/api-fast' },
  );

  // The development mailbox (design.md §7); /dev/* answers 404 when config.devMailbox is off.
  await app.register(async (dev) => devMailboxRoutes(dev, featureDeps), { prefix: '/dev' });

  // The phone apps' link association files (/.well-known; outside the product API, before the SPA's fallback).
  await app.register(async (wellKnown) => appLinksRoutes(wellKnown, config));

  // /healthz and /readyz for load balancers (no session; outside the product API).
  await app.register(async (probes) => healthRoutes(probes, featureDeps));

  await registerSpa(app, config);
  return app;
}

/**
 * Where the built SPA is: WEB_DIST, else apps/web/dist found from the working directory (the repo root for
 * `npm start`) or from this module's own location (src/ under tsx, dist/ in the bundle), so the server
 * also finds it when started from another directory.
 */
export function resolveWebDist(configured: string | undefined): string | null {
  if (configured) return path.resolve(configured);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(process.cwd(), 'apps/web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? null;
}

/** Files of the installable app (vite-plugin-pwa) that must be revalidated on every load. */
const UNCACHED_SPA_FILES = new Set(['sw.js', 'registerSW.js', 'manifest.webmanifest']);

/** Serves the built SPA; client routes fall back to index.html. API paths keep their JSON 404. */
async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const dist = resolveWebDist(config.webDist);
  const hasDist = dist !== null && existsSync(path.join(dist, 'index.html'));
  if (dist && hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // Vite's hashed bundles never change under the same name. The service worker, its registration and the web app
      // manifest keep their names across releases: browsers must ask for them again, or an old app shell lingers.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(path.join(dist, 'assets') + path.sep)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (UNCACHED_SPA_FILES.has(path.relative(dist, filePath))) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|api-fast|auth|dev)(\/|$)/.test(urlPath);
    if (!isApi && dist && hasDist && (req.method === 'GET' || req.method === 'HEAD')) {
      // index.html names the current hashed bundles, so browsers must revalidate it (static's maxAge would override).
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dist, { cacheControl: false });
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `Route ${req.method} ${urlPath} not found` } });
  });
}
