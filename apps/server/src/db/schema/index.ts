export * from './auth';
export * from './contacts';
export * from './outbox';
export * from './profiles';
export * from './settings';
export * from './work';
export * from './workspaces';
export * from './groups';
