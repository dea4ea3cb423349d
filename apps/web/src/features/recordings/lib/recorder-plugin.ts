import type { RecorderSettings } from '@fieldbook/contract';

/**
 * The mobile recorder plugin (spec 001 §7: initialize, startManualRecording, stopManualRecording, addGroupToRecord,
 * saveSettings, …), present only inside the Capacitor app. There the plugin records (and its sync service uploads
 * the files); in a browser the page falls back to the microphone through MediaRecorder.
 */
export type CallRecorderPlugin = {
  startManualRecording: () => Promise<unknown>;
  stopManualRecording: () => Promise<unknown>;
  addGroupToRecord: (options: { groupId: string }) => Promise<unknown>;
  saveSettings: (options: { settings: RecorderSettings }) => Promise<unknown>;
};

export function callRecorderPlugin(): CallRecorderPlugin | null {
  const capacitor = (window as { Capacitor?: { Plugins?: Record<string, unknown> } }).Capacitor;
  const plugin = capacitor?.Plugins?.CallRecorder as Partial<CallRecorderPlugin> | undefined;
  return plugin && typeof plugin.startManualRecording === 'function' && typeof plugin.stopManualRecording === 'function' ? (plugin as CallRecorderPlugin) : null;
}
