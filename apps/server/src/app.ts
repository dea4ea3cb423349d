import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerAuthGuard } from './platform/auth-guard';
import type { FeatureDeps } from './platform/deps';
import { registerErrorHandler } from './platform/errors';
import type { TokenSigner } from './platform/tokens';

export type AppDeps = {
  config: Config;
  database: Database;
  signer: TokenSigner;
  now?: () => Date;
  logger?: boolean;
};

/** The client rewrites /api/x to /api/multi-workspace/x (spec 000 §7); both answer the same routes. */
function rewriteUrl(url: string): string {
  return url.startsWith('/api/multi-workspace/') ? `/api/${url.slice('/api/multi-workspace/'.length)}` : url;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    rewriteUrl: (req) => rewriteUrl(req.url ?? '/'),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    disableRequestLogging: config.env === 'test',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const featureDeps: FeatureDeps = { config, db: deps.database.db, signer: deps.signer, now: deps.now ?? (() => new Date()) };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects style tags at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The Capacitor app calls from its own origin with bearer tokens (no cookies), so any origin may call.
  await app.register(cors, {
    origin: true,
    exposedHeaders: ['X-Supabase-Api-Version'],
    allowedHeaders: ['authorization', 'content-type', 'apikey', 'x-client-info', 'x-supabase-api-version'],
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Fieldbook API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Product API: one error envelope, every route behind the auth guard unless marked public.
  await app.register(
    async (api) => {
      registerErrorHandler(api);
      registerAuthGuard(api, featureDeps);
      // Features, in one readable list:
    },
    { prefix: '/api' },
  );

  await app.register(
    async (fast) => {
      registerErrorHandler(fast);
      registerAuthGuard(fast, featureDeps);
    },
    { prefix: '/api-fast' },
  );

  await registerSpa(app, config);
  return app;
}

/** Serves the built SPA; client routes fall back to index.html. API paths keep their JSON 404. */
async function registerSpa(app: FastifyInstance, config: Config): Promise<void> {
  const dist = config.webDist ?? path.resolve(process.cwd(), 'apps/web/dist');
  const hasDist = existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|api-fast|auth)(\/|$)/.test(urlPath);
    if (!isApi && hasDist && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `Route ${req.method} ${urlPath} not found` } });
  });
}
