/** The group assistants feature's public entry (app.ts, main.ts and the assistant import only from here). */
export { activeGroupAssistant, type ActiveGroupAssistant } from './active';
