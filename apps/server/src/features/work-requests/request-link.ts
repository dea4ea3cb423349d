import { WORK_REQUEST_LINK_ADMIN_ONLY, WORK_REQUEST_LINK_INVALID, type WorkRequestLink } from '@fieldbook/contract';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { WorkspaceActor } from '../../platform/endpoint';
import type { ClientLinkKind } from '../../platform/client-links';
import { AppError } from '../../platform/errors';
import { workspaceAdminIds } from '../workspaces';
import { workRequestLinks } from './work-requests.schema';

/**
 * The public "Request work" page, one per workspace: `{PUBLIC_URL}/r/<token>`. Its limits are the client side's
 * (platform/client-links.ts): every request to it counts against the address's client-link allowance.
 */
export const WORK_REQUEST_LINKS: ClientLinkKind = { purpose: 'work-request-link', pagePath: '/r', noun: 'request' };

/** 192 random bits: not guessable (the per-address limit bounds tries anyway). */
const newToken = () => randomBytes(24).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

function linkAnswer(publicUrl: string, token: string, canReset: boolean): WorkRequestLink {
  const url = `${publicUrl}${WORK_REQUEST_LINKS.pagePath}/${token}`;
  // For the contractor's website: a plain link, nothing of ours runs on their page.
  const snippet = `<a href="${url}" target="_blank" rel="noopener">Request work</a>`;
  return { url, snippet, can_reset: canReset };
}

/** The workspace's link, made on first ask (two first asks at once keep one). */
export async function getRequestLink(opts: { db: Db; actor: WorkspaceActor; publicUrl: string }): Promise<WorkRequestLink> {
  const { db, actor } = opts;
  await db.insert(workRequestLinks).values({ workspaceId: actor.workspaceId, token: newToken() }).onConflictDoNothing({ target: workRequestLinks.workspaceId });
  const [[row], admins] = await Promise.all([db.select().from(workRequestLinks).where(eq(workRequestLinks.workspaceId, actor.workspaceId)).limit(1), workspaceAdminIds(db, actor.workspaceId)]);
  return linkAnswer(opts.publicUrl, row!.token, admins.includes(actor.userId));
}

/** A new token (admins only): the old link answers "not valid" from now on. */
export async function resetRequestLink(opts: { db: Db; actor: WorkspaceActor; publicUrl: string }): Promise<WorkRequestLink> {
  const { db, actor } = opts;
  if (!(await workspaceAdminIds(db, actor.workspaceId)).includes(actor.userId)) throw new AppError('FORBIDDEN', WORK_REQUEST_LINK_ADMIN_ONLY);
  const token = newToken();
  await db
    .insert(workRequestLinks)
    .values({ workspaceId: actor.workspaceId, token })
    .onConflictDoUpdate({ target: workRequestLinks.workspaceId, set: { token, updatedAt: sql`now()` } });
  return linkAnswer(opts.publicUrl, token, true);
}

/** The workspace a link opens; 404 for anything else (a reset link's old token included). */
export async function workspaceOfLink(db: Db, token: string): Promise<string> {
  if (TOKEN.test(token)) {
    const [row] = await db.select({ workspaceId: workRequestLinks.workspaceId }).from(workRequestLinks).where(eq(workRequestLinks.token, token)).limit(1);
    if (row) return row.workspaceId;
  }
  throw new AppError('NOT_FOUND', WORK_REQUEST_LINK_INVALID);
}
