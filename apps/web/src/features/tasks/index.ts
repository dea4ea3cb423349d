/** The tasks feature's public entry: the Tasks pages, and what other features may use (lint refuses deeper imports). */
export { taskKeys } from './api/keys';
export { useSearch } from './api/search';
export { useUpdateTaskStatus } from './api/update-task-status';
export { CreateTaskDialog, type CreateTaskEntry } from './components/create-task-dialog';
export { TaskDetail } from './components/task-detail';
export { TasksScreen } from './components/tasks-screen';
/** How queued task writes show on fetched boards (the shell's OfflineQueueSync). */
export { taskOfflineAppliers } from './api/offline-cache';
/** The task writes the localStorage queue from before the one offline queue still holds (moved once). */
export { takeLegacyTaskWrites } from './lib/legacy-offline-queue';
// The server-searched job picker, also the quotes' Duplicate (issue 32 item 9).
export { useJobSelect, type JobChoice } from './components/use-job-select';
