import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/deps';
import { registerErrorHandler } from '../../platform/errors';
import { renderMailboxPage } from './dev-mailbox.page';
import { listMailboxMessages } from './dev-mailbox.service';

// A development tool, not product API: its schemas stay here rather than in packages/contract.
const MailboxQuerySchema = z.object({
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const MailboxJsonSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(['email', 'sms']),
      to: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      status: z.enum(['pending', 'sent', 'failed', 'stored']),
      attempts: z.number(),
      last_error: z.string().nullable(),
      created_at: z.string(),
      sent_at: z.string().nullable(),
      attachments: z.array(z.object({ file_name: z.string(), content_type: z.string(), size: z.number() })),
      links: z.array(z.string()),
    }),
  ),
});

/**
 * The development mailbox under /dev (design.md §7): the outbox as a page and as JSON (e2e tests read
 * confirmation links from it). Without config.devMailbox nothing is registered and /dev/* answers 404.
 * It is deliberately unauthenticated: it exists for local development and tests only.
 */
export async function devMailboxRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  registerErrorHandler(app);
  if (!deps.config.devMailbox) return;
  const dev = app.withTypeProvider<ZodTypeProvider>();

  dev.get('/mailbox', { schema: { hide: true, querystring: MailboxQuerySchema } }, async (req, reply) => {
    const to = req.query.to || undefined;
    const messages = await listMailboxMessages({ db: deps.db, to, limit: req.query.limit });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderMailboxPage({ messages, to }));
  });

  dev.get('/mailbox.json', { schema: { hide: true, querystring: MailboxQuerySchema, response: { 200: MailboxJsonSchema } } }, async (req, reply) => {
    const messages = await listMailboxMessages({ db: deps.db, to: req.query.to || undefined, limit: req.query.limit });
    reply.header('cache-control', 'no-store');
    return { messages };
  });
}
