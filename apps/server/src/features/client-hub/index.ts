/** The client hub's public entry (other features, app.ts and main.ts import only from here). */
export { clientHubRoutes } from './client-hub.routes';
// The hub's link for a message to a client (quotes', invoices' and automatic messages): made with the message, inside
// its transaction; and the hub an item was sent through (an invoice's reminder).
export { hubLinkFor, hubLinkForItem, type HubItem } from './client-hub.service';
// Work requests from the hub: which hub (workspace, contact) a link and this browser's session open — or its refusal.
export { reachHub, type ReachedHub } from './client-hub.service';
export { clientHubLinks } from './hub-links-port';
