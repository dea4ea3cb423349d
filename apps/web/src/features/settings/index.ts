/** The settings feature's public entry: the user's settings (the recordings screen keeps recorder settings there), and the app shell's Settings modal and saved-theme hook. */
export { useSettings } from './api/get-settings';
export { useUpdateSettings } from './api/update-settings';
export { SettingsModal } from './components/settings-modal';
export { useSavedSettings } from './lib/use-saved-settings';
