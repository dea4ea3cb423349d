/** The group assistants feature's public entry (app.ts, main.ts and the assistant import only from here). */
export { activeGroupAssistant, type ActiveGroupAssistant } from './active';
export { groupAssistantsRoutes } from './group-assistants.routes';
export { startFineTuneWorker, type FineTuneWorkerOptions } from './fine-tune';
