import type { UserSettings } from '@fieldbook/contract';

/**
 * Browser copies of the settings (spec 001 §3 local storage keys): notificationSettings, and apiBaseUrl,
 * which the request layer reads; an empty API URL means the default (same origin).
 */
export function storeSettingsLocally(settings: Pick<UserSettings, 'notifications_enabled' | 'email_notifications' | 'sms_notifications' | 'api_url'>): void {
  localStorage.setItem(
    'notificationSettings',
    JSON.stringify({ enabled: settings.notifications_enabled, email: settings.email_notifications, sms: settings.sms_notifications }),
  );
  const apiUrl = settings.api_url?.trim();
  if (apiUrl) localStorage.setItem('apiBaseUrl', apiUrl);
  else localStorage.removeItem('apiBaseUrl');
}

/** The mobile recorder plugin, present only inside the Capacitor app. */
export function hasCallRecorderPlugin(): boolean {
  const capacitor = (window as { Capacitor?: { Plugins?: Record<string, unknown> } }).Capacitor;
  return Boolean(capacitor?.Plugins?.CallRecorder);
}
