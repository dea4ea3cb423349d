/** The recordings feature's public entry (other features and app.ts import only from here). */
export { recordingsRoutes } from './recordings.routes';
export { sweepRecordingUploads } from './recordings.service';
// A recording the caller may open (drive: Upload to Drive).
export { getRecordingRow } from './recordings.service';
// Its background job (platform/jobs.ts; main.ts starts it with the others).
export { startTranscriptionWorker, transcriptionJob } from './transcription';
export { pocketsphinxTranscriber } from './transcribe/pocketsphinx';
export { openAiTranscriber } from './transcribe/openai-transcriber';
// The calls per workspace, direction and period inside the analytics statement.
export { callCountsSql } from './recordings.repository';
// Drive's "Copy existing items": the user's recordings and transcripts as items to copy.
export { recordingItemsOf } from './drive-items';
