/** The mobile recorder plugin, present only inside the Capacitor app. */
export function hasCallRecorderPlugin(): boolean {
  const capacitor = (window as { Capacitor?: { Plugins?: Record<string, unknown> } }).Capacitor;
  return Boolean(capacitor?.Plugins?.CallRecorder);
}
