import { useEffect, useState } from 'react';

/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`, issue 26): kept from the moment it fires —
 * often before the download page is open — until it is used or the app is installed. main.tsx starts listening.
 */
export type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // The app shows its own button instead of the browser's mini-infobar.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

/** The pending offer (null: the browser offers no installation here, or it was used) and a way to accept it. */
export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<'accepted' | 'dismissed' | 'unavailable'> } {
  const [current, setCurrent] = useState(offer);
  useEffect(() => {
    const update = () => setCurrent(offer);
    listeners.add(update);
    update();
    return () => void listeners.delete(update);
  }, []);
  return {
    canInstall: current !== null,
    install: async () => {
      const event = offer;
      if (!event) return 'unavailable';
      // An offer can be shown once.
      offer = null;
      changed();
      await event.prompt();
      return (await event.userChoice).outcome;
    },
  };
}
