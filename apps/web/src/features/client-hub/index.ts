/** The client hub's public entry (issue 36): the client's page and the contact's Client hub panel. */
// The client's page, /h/:token (the app's public route renders it).
export { ClientHubScreen } from './components/client-hub-screen';
// The contact's panel: copy the hub's link, turn off links sent so far (the contacts feature shows it).
export { ContactHubPanel } from './components/contact-hub-panel';
// The pages the hub opens (the quote's): the way back to it, only when opened from it in this tab; and their dates on
// the workspace's clock, as the hub shows them.
export { BackToHub } from './components/back-to-hub';
export { momentInWords } from './lib/hub-format';
