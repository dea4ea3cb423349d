import { describe, expect, it } from 'vitest';
import { DOWNLOAD_STATUS_TEXT, installSteps, invitationPath, invitationToken, nextDownloadState, type DownloadEvent, type DownloadState } from './download-flow';

const run = (events: DownloadEvent[], from: DownloadState = 'idle') => events.reduce(nextDownloadState, from);

describe('the download states (spec 002 §4: idle, preparing, started)', () => {
  it('goes idle → preparing when the 1.5 s pass, then started when the download begins', () => {
    expect(run(['prepare'])).toBe('preparing');
    expect(run(['prepare', 'start'])).toBe('started');
  });

  it('does not prepare a second download after the visitor pressed Download APK first', () => {
    expect(run(['start', 'prepare'])).toBe('started');
  });

  it('stays started on a manual download after the automatic one', () => {
    expect(run(['prepare', 'start', 'start'])).toBe('started');
  });

  it('shows the specification’s texts', () => {
    expect(DOWNLOAD_STATUS_TEXT.preparing).toBe('Preparing download...');
    expect(DOWNLOAD_STATUS_TEXT.started).toBe('Download started!');
  });
});

describe('the invitation on the download page', () => {
  it('takes the invitation parameter, ignoring a missing or blank one', () => {
    expect(invitationToken('abc123')).toBe('abc123');
    expect(invitationToken(' abc123 ')).toBe('abc123');
    expect(invitationToken('   ')).toBeNull();
    expect(invitationToken(null)).toBeNull();
  });

  it('links to the web invitation page with the token encoded', () => {
    expect(invitationPath('k3Xq9')).toBe('/invitation/k3Xq9');
    expect(invitationPath('a/b?c')).toBe('/invitation/a%2Fb%3Fc');
  });

  it('lists the installation steps, the invitation step only with an invitation', () => {
    expect(installSteps({ hasInvitation: false })).toHaveLength(4);
    expect(installSteps({ hasInvitation: true }).at(-1)).toBe('Accept the invitation in the app.');
    expect(installSteps({ hasInvitation: false }).join(' ')).toContain('Fieldbook-latest.apk');
  });
});
