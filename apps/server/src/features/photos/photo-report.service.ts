import type { CreatePhotoReportBodySchema, PhotoReport, PhotoReportList } from '@fieldbook/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { WorkspaceActor } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { findJobRecord, JOB_NOT_FOUND } from '../jobs';
import { profileDisplayNames } from '../profiles';
import { REPORT_STAGE_LABELS } from './photo-report.pdf';
import { photoReports } from './photo-report.schema';
import { resolvePhotoSelection } from './photo-report.selection';

type Row = typeof photoReports.$inferSelect;

/** What a job is called in a report's title and on its cover. */
export const jobLabel = (job: { title: string | null; clientName: string | null; propertyAddress: string | null }) => job.title ?? job.clientName ?? job.propertyAddress ?? 'Job';
const LIST_LIMIT = 50;

async function toReports(db: Db, rows: Row[]): Promise<PhotoReport[]> {
  const names = await profileDisplayNames(db, [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]);
  return rows.map((r) => ({
    id: r.id,
    job_id: r.jobId,
    title: r.title,
    photo_count: r.photoIds.length,
    status: r.status,
    error: r.error,
    document_id: r.status === 'done' ? r.documentId : null,
    created_by: { id: r.createdBy, name: r.createdBy ? (names.get(r.createdBy) ?? null) : null },
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Asks for a photo report of chosen photos (or a stage) of the caller's workspace's job: the selection is checked now
 * (another job's photo is a 400 and nothing is made), the PDF is made by the report job (photo-report.job.ts).
 */
export async function createPhotoReport(opts: { db: Db; actor: WorkspaceActor; jobId: string; body: z.output<typeof CreatePhotoReportBodySchema> }): Promise<PhotoReport> {
  const { db, actor, jobId, body } = opts;
  const job = await findJobRecord(db, { workspaceId: actor.workspaceId, jobId });
  if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  const photoIds = await resolvePhotoSelection({ db, workspaceId: actor.workspaceId, jobId, selection: body });
  const title = body.title || `${body.stage ? `${REPORT_STAGE_LABELS[body.stage]} photos` : 'Photo report'} — ${jobLabel(job)}`;
  const [row] = await db.insert(photoReports).values({ workspaceId: actor.workspaceId, jobId, createdBy: actor.userId, title, photoIds }).returning();
  const [report] = await toReports(db, [row!]);
  return report!;
}

/** The job's last reports, newest first. */
export async function listPhotoReports(opts: { db: Db; actor: WorkspaceActor; jobId: string }): Promise<PhotoReportList> {
  const { db, actor, jobId } = opts;
  if (!(await findJobRecord(db, { workspaceId: actor.workspaceId, jobId }))) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  const rows = await db
    .select()
    .from(photoReports)
    .where(and(eq(photoReports.workspaceId, actor.workspaceId), eq(photoReports.jobId, jobId)))
    .orderBy(desc(photoReports.createdAt))
    .limit(LIST_LIMIT);
  return { reports: await toReports(db, rows) };
}
