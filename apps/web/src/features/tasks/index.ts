/** The tasks feature's public entry: what other features may use (lint refuses deeper imports). */
export { taskKeys } from './api/keys';
export { useSearch } from './api/search';
export { useUpdateTaskStatus } from './api/update-task-status';
export { CreateTaskDialog, type CreateTaskEntry } from './components/create-task-dialog';
