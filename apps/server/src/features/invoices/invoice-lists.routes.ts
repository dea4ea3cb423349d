import { Readable } from 'node:stream';
import { invoiceListEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { contentDisposition } from '../../platform/serve-blob';
import { invoicesCsv, listWorkspaceInvoices, paymentsCsv } from './invoice-lists';

/** The workspace's invoices as lists (issue 33): the Invoices screen and the CSV exports. Any member of the workspace. */
export function invoiceListsRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  route(app, endpoints.list, async ({ actor, query }) => listWorkspaceInvoices({ db, actor, query, now: deps.now() }));

  // Streamed: a batch of rows at a time (invoice-lists.ts CSV_BATCH), so a year of a busy workspace never sits in
  // memory. The byte-order mark tells spreadsheet programs the file is UTF-8 (clients' names are any language's).
  const sendCsv = (reply: FastifyReply, lines: AsyncGenerator<string>, fileName: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('cache-control', 'no-store')
      .send(Readable.from((async function* () {
        yield '\uFEFF';
        yield* lines;
      })()));
  route(app, endpoints.exportInvoices, async ({ actor, query, reply }) =>
    sendCsv(reply, invoicesCsv({ db, workspaceId: actor.workspaceId, from: query.from, to: query.to, now: deps.now() }), `invoices ${query.from} to ${query.to}.csv`),
  );
  route(app, endpoints.exportPayments, async ({ actor, query, reply }) =>
    sendCsv(reply, paymentsCsv({ db, workspaceId: actor.workspaceId, from: query.from, to: query.to }), `payments ${query.from} to ${query.to}.csv`),
  );
}
