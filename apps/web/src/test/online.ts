import { vi } from 'vitest';

/** The browser going on or offline, as the offline queue sees it (navigator.onLine and the window event). */
export function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
