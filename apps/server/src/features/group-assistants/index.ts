/** The group assistants feature's public entry (app.ts, main.ts and the assistant import only from here). */
export { activeGroupAssistant, type ActiveGroupAssistant } from './active';
export { groupAssistantsRoutes } from './group-assistants.routes';
// Its background job (platform/jobs.ts; main.ts starts it with the others).
export { fineTuneJob, startFineTuneWorker, type FineTuneWorkerOptions } from './fine-tune';
