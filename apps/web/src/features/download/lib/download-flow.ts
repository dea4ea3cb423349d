/** Spec 002 §9: the download page waits this long after opening before it prepares and starts the download. */
export const DOWNLOAD_PREPARATION_MS = 1500;

/** Spec 002 /download: the Android package's file name ({product}-latest.apk). */
export const APK_FILE_NAME = 'Fieldbook-latest.apk';

/** Spec 002 §4: idle → preparing (1.5 s after opening) → started. */
export type DownloadState = 'idle' | 'preparing' | 'started';

/** `prepare`: the 1.5 s have passed; `start`: a download began, automatically or by 'Download APK'. */
export type DownloadEvent = 'prepare' | 'start';

export function nextDownloadState(state: DownloadState, event: DownloadEvent): DownloadState {
  if (event === 'start') return 'started';
  // The timer never starts a second download after the visitor already pressed 'Download APK'.
  return state === 'idle' ? 'preparing' : state;
}

/** What the page says in each state; the last two are the specification's texts. */
export const DOWNLOAD_STATUS_TEXT: Record<DownloadState, string> = {
  idle: 'Your download will start automatically.',
  preparing: 'Preparing download...',
  started: 'Download started!',
};

/** The `invitation` query parameter, or null when it is missing or blank. */
export function invitationToken(raw: string | null): string | null {
  const token = raw?.trim() ?? '';
  return token === '' ? null : token;
}

/** The web invitation page of a token (spec 002 /invitation/{inviteId}). */
export function invitationPath(token: string): string {
  return `/invitation/${encodeURIComponent(token)}`;
}

/**
 * Spec 002 /download: allow unknown sources, open the file, follow the prompts, open the app and sign in, accept
 * the invitation in the app — the last step only when the visitor came with an invitation.
 */
export function installSteps({ hasInvitation }: { hasInvitation: boolean }): string[] {
  const steps = [
    'Allow apps from unknown sources: when Android asks, let your browser install unknown apps.',
    `Open the downloaded file, ${APK_FILE_NAME}, from the notification or your Downloads folder.`,
    'Follow the prompts to install Fieldbook.',
    'Open the app and sign in.',
  ];
  return hasInvitation ? [...steps, 'Accept the invitation in the app.'] : steps;
}
