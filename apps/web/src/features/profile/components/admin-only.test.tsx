import { profileEndpoints } from '@fieldbook/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { AdminOnly } from './admin-only';

afterEach(() => vi.unstubAllGlobals());

describe('AdminOnly (spec 002 §6, §8: workspace management and analytics)', () => {
  it('a profile the server cannot give: Error retrieving user profile', async () => {
    fakeApi().on(profileEndpoints.get, apiError(404, 'NOT_FOUND', 'Profile not found'));
    renderWithProviders(<AdminOnly>secret</AdminOnly>);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Error retrieving user profile');
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('a check that fails without an answer: Error checking permissions: {reason}', async () => {
    fakeApi().on(profileEndpoints.get, () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<AdminOnly>secret</AdminOnly>);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('Error checking permissions: Unable to connect to server. Please check your connection and try again.');
    expect(screen.queryByText('secret')).toBeNull();
  });
});
