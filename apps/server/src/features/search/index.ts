/** The search feature's public entry (other features and app.ts import only from here). */
export { searchRoutes } from './search.routes';
// The read model over documents, calls, jobs and tasks that the assistant and the group assistants read through.
export {
  groupTrainingSources,
  workCandidates,
  workHighlights,
  type RetrievalScope,
  type TrainingSource,
  type WorkCandidate,
  type WorkHighlights,
} from './read-model';
