/** The assistant feature's public entry: the floating widget (app shell) and the chat the /assistant page shows. */
export { LazyAssistantChat as AssistantChat } from './components/lazy-chat';
export { AssistantWidget } from './components/assistant-widget';
