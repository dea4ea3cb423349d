import { paymentScheduleEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { route } from '../../platform/endpoint';
import { invoiceSchedulePart, listJobSchedules, removeSchedule, saveSchedule } from './payment-schedules.service';
import type { QuoteDepositLedger } from './quote-deposit-credit';

/** Progress invoicing (issue 33): a job's payment schedules and their parts' invoices; registered by invoicesRoutes. */
export function paymentScheduleRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date; deposits: QuoteDepositLedger }): void {
  const { db } = deps;
  route(app, endpoints.listForJob, async ({ actor, params }) => listJobSchedules({ db, actor, jobId: params.id, now: deps.now() }));
  route(app, endpoints.save, async ({ actor, params, body }) => saveSchedule({ db, actor, quoteId: params.id, body, now: deps.now() }));
  route(app, endpoints.remove, async ({ actor, params }) => removeSchedule({ db, actor, quoteId: params.id, now: deps.now() }));
  route(app, endpoints.invoicePart, async ({ actor, params }) => invoiceSchedulePart({ db, actor, partId: params.id, now: deps.now(), deposits: deps.deposits }));
}
