/**
 * Every table, for drizzle-kit (drizzle.config.ts) and the typed client (db/client.ts): each feature's tables are in
 * its own features/<name>/<name>.schema.ts and only that feature uses them (docs/ARCHITECTURE.md, table ownership;
 * eslint.config.js refuses a feature's import of another's schema file or of this aggregate). The platform's own
 * tables (outbox, rate limits, server secrets, idempotency keys, workspace counts, resumable uploads) are the files beside this one.
 */
export * from '../../features/auth/auth.schema';
export * from '../../features/profiles/profiles.schema';
export * from '../../features/settings/settings.schema';
export * from '../../features/workspaces/workspaces.schema';
export * from '../../features/contacts/contacts.schema';
export * from '../../features/groups/groups.schema';
export * from '../../features/jobs/jobs.schema';
export * from '../../features/tasks/tasks.schema';
export * from '../../features/documents/documents.schema';
export * from '../../features/recordings/recordings.schema';
export * from '../../features/search/search.schema';
export * from '../../features/assistant/assistant.schema';
export * from '../../features/group-assistants/group-assistants.schema';
export * from '../../features/drive/drive.schema';
export * from '../../features/quotes/quotes.schema';
export * from '../../features/invoices/invoices.schema';
export * from '../../features/invoices/payment-schedules.schema';
export * from '../../features/notifications/notifications.schema';
export * from '../../features/payments/payments.schema';
export * from '../../features/schedule/schedule.schema';
export * from '../../features/photos/photos.schema';
export * from '../../features/photos/markup.schema';
export * from '../../features/work-requests/work-requests.schema';
export * from '../../features/photos/photo-report.schema';
export * from '../../features/photos/gallery.schema';
export * from '../../features/client-messages/client-messages.schema';
export * from '../../features/client-hub/client-hub.schema';
export * from './outbox';
export * from './platform';
export * from './counts';
export * from './uploads';
export { tsvector, WORKSPACE_LEXEME_SQL } from './_columns';
