/** The client-messages feature's public entry (other features, app.ts and main.ts import only from here). */
export { clientMessagesRoutes } from './client-messages.routes';
// The jobs of the one runner (main.ts starts them): sending what is due, and the follow-up scan.
export { clientMessageJob, startClientMessageWorker } from './deliver';
export { clientMessageScanJob, startClientMessageScanWorker } from './scan';
// The schedule's hooks, called in its own transactions: a visit booked, moved, cancelled, and On my way.
// The jobs' hook (app.ts hands it to them): a job set to completed arms its review request at once.
export { jobCompleted } from './queue';
export { visitBooked, visitCancelled, visitMoved, visitOnTheWay, visitsPlanned, visitsRemoved, type VisitForMessages } from './queue';
// Whether a client opted out (the invoices' overdue reminders get it from main.ts: platform/client-links.ts ClientOptOuts).
export { clientOptOuts } from './recipients';
