import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A source of gauges read at each scrape (e.g. a job queue's depth), registered by whoever owns the numbers. */
export type MetricsSource = {
  /** Metric name without the `fieldbook_` prefix, e.g. `jobs_due`. */
  name: string;
  help: string;
  /** Label names of the samples `read` returns. */
  labels: readonly string[];
  read: () => Promise<{ labels: Record<string, string>; value: number }[]>;
};

/**
 * Prometheus metrics (prom-client): request latency per route, process memory and event-loop figures, and the
 * gauges of registered sources (job queues). GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`
 * and is not registered at all without a token (design.md: metrics behind configuration) — they describe the
 * deployment's traffic and are nobody else's business.
 */
export function registerMetrics(app: FastifyInstance, opts: { token: string | undefined; sources?: MetricsSource[] }): void {
  if (!opts.token) return;
  const token = Buffer.from(opts.token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'fieldbook_' });

  const duration = new Histogram({
    name: 'fieldbook_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'fieldbook_http_server_errors_total',
    help: 'Answers with a 5xx status, by route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  for (const source of opts.sources ?? []) {
    new Gauge({
      name: `fieldbook_${source.name}`,
      help: source.help,
      labelNames: source.labels,
      registers: [registry],
      async collect() {
        this.reset();
        for (const sample of await source.read()) this.set(sample.labels, sample.value);
      },
    });
  }

  const started = new WeakMap<FastifyRequest, bigint>();
  app.addHook('onRequest', async (req) => {
    started.set(req, process.hrtime.bigint());
  });
  app.addHook('onResponse', async (req, reply) => {
    const t0 = started.get(req);
    if (t0 === undefined) return;
    // The route's pattern (/api/jobs/:id), never the raw URL: ids would make a series per row.
    const route = req.routeOptions.url ?? 'unmatched';
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    duration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, seconds);
    if (reply.statusCode >= 500) errors.inc({ method: req.method, route });
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ error: { code: 'UNAUTHORIZED', message: 'A valid metrics token is required' } });
    }
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
}
