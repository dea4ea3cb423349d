import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_CONFIG_QUERY_KEY } from '../lib/client-config-query';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { StoreLinks } from './store-links';

function renderLinks(stores: { app_store_url: string | null; google_play_url: string | null }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CLIENT_CONFIG_QUERY_KEY, { api_origins: [], android_apk_url: null, ...stores });
  return renderWithProviders(<StoreLinks caption="Or get Fieldbook from your app store:" />, { queryClient, user: null });
}

describe('StoreLinks', () => {
  it('links to the configured listings only', () => {
    renderLinks({ app_store_url: null, google_play_url: 'https://play.google.com/store/apps/details?id=app.fieldbook.mobile' });
    expect(screen.getByRole('link', { name: 'Google Play' }).getAttribute('href')).toBe('https://play.google.com/store/apps/details?id=app.fieldbook.mobile');
    expect(screen.queryByRole('link', { name: 'App Store' })).toBeNull();
    expect(screen.getByText('Or get Fieldbook from your app store:')).toBeTruthy();
  });

  it('shows nothing, caption included, when the app is listed nowhere', () => {
    renderLinks({ app_store_url: null, google_play_url: null });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Or get Fieldbook from your app store:')).toBeNull();
  });
});
