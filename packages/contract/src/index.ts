export * from './common';
export * from './errors';
export * from './profile';
export * from './settings';
