/** The assistant feature's public entry: the floating widget (app shell) and the chat the /assistant page shows. */
export { AssistantChat } from './components/assistant-chat';
export { AssistantWidget } from './components/assistant-widget';
