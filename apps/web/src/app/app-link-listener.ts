import { App } from '@capacitor/app';
import { appLinkRoute, hostsOf } from './app-links';

/** The launch link is handled once per page, even if the effect that listens runs again (StrictMode, a remount). */
let launchHandled = false;
/** …and once per app run: the activity keeps its launch link across reloads of the page (sessionStorage survives them). */
const LAUNCH_KEY = 'fieldbookLaunchUrl';

function isNewLaunch(url: string): boolean {
  try {
    if (sessionStorage.getItem(LAUNCH_KEY) === url) return false;
    sessionStorage.setItem(LAUNCH_KEY, url);
  } catch {
    // Storage off: shown on each load.
  }
  return true;
}

/**
 * In the Capacitor app: the link the app was started with (App.getLaunchUrl) and every link that opens it while it runs
 * (`appUrlOpen`) are shown as their in-app route (app-links.ts); https links count only on the hosts of `apiBases()`
 * (the built-in and the current API base, handed in by app.tsx so this chunk and its mapping stay off the login route).
 * Answers the function that stops listening.
 */
export async function listenForAppLinks(navigate: (to: string) => void, apiBases: () => (string | null)[]): Promise<() => void> {
  const open = (url: string) => navigate(appLinkRoute(url, { trustedHosts: hostsOf(apiBases()) }));
  const handle = await App.addListener('appUrlOpen', (event) => open(event.url));
  if (!launchHandled) {
    launchHandled = true;
    const launch = await App.getLaunchUrl().catch(() => undefined);
    // A cold start by a link: shown once (a repeat of it through appUrlOpen is a second, harmless navigation).
    if (launch?.url && isNewLaunch(launch.url)) open(launch.url);
  }
  return () => void handle.remove();
}
