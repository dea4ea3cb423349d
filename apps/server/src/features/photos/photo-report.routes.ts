import { photoOutputEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createPhotoReport, listPhotoReports } from './photo-report.service';

/** Photo reports (issue 35): asked for here, made by the report job (photo-report.job.ts). */
export async function photoReportRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;
  route(app, endpoints.createReport, async ({ actor, params, body }) => createPhotoReport({ db, actor, jobId: params.id, body }));
  route(app, endpoints.listReports, async ({ actor, params }) => listPhotoReports({ db, actor, jobId: params.id }));
}
