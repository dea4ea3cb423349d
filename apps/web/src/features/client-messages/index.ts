/** The client-messages feature's public entry (issues 34 and 36): automatic messages to clients, on the web. */
// Settings › Client messages: the rules, their timing and templates, quiet hours, the invoices' reminders.
export { ClientMessagesSettings } from './components/client-messages-settings';
// A contact's "Automatic messages": opt-outs per channel and the log of what was sent.
export { ContactMessagesPanel } from './components/contact-messages-panel';
// The client's page behind an automatic email's unsubscribe link, /unsubscribe/:token.
export { UnsubscribeScreen } from './components/unsubscribe-screen';
