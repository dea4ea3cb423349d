/** The settings feature's public entry: the user's settings (the recordings screen keeps recorder settings there). */
export { useSettings } from './api/get-settings';
export { useUpdateSettings } from './api/update-settings';
