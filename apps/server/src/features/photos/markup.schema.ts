import type { MarkupShape } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { workspaces } from '../workspaces/workspaces.schema';
import { photos } from './photos.schema';

/** 'none': no shapes, nothing to render; 'rendering': waiting for or in the render job; 'ready'; 'failed' (render_error). */
export type MarkupRenderStatus = 'none' | 'rendering' | 'ready' | 'failed';

/**
 * A photo's markup (issue 35): its vector shapes and their version (each save + 1; a save drawn on an older one is
 * refused), and the marked-up JPEG the render job (markup-render.ts) makes from them beside the untouched original.
 * The row is also the render job's entry (platform/jobs.ts).
 */
export const photoMarkups = pgTable(
  'photo_markups',
  {
    photoId: uuid()
      .primaryKey()
      .references(() => photos.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    shapes: jsonb().$type<MarkupShape[]>().notNull(),
    version: integer().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    renderStatus: text().$type<MarkupRenderStatus>().notNull(),
    renderError: text(),
    /** The rendered JPEG (photos/<workspace>/<id>.markup-<version>.jpg) and its thumbnail, of `renderedVersion`. */
    blobKey: text(),
    thumbnailKey: text(),
    renderedVersion: integer(),
    /** The render job: tries so far, when the next is due, the claim's lease. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The render queue: only rows still waiting.
    index('photo_markups_queue_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.renderStatus} = 'rendering'`),
  ],
);
