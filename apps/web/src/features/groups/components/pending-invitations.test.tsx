import { screen, waitFor } from '@testing-library/react';
import { groupEndpoints, type MyInvitationList } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PendingInvitations } from './pending-invitations';

afterEach(() => vi.unstubAllGlobals());
const serve = (list: MyInvitationList) => fakeApi().on(groupEndpoints.mineList, list);

describe('PendingInvitations (Groups screen)', () => {
  it('links each invitation to the user’s phone to /group-invite/{id}', async () => {
    const id = '00000000-0000-4000-8000-0000000000a9';
    serve({ invitations: [{ id, group_name: 'North Crew', group_description: null, role: 'admin', expires_at: '2026-12-01T00:00:00.000Z', phone_hint: '0111' }] });
    renderWithProviders(<PendingInvitations />);
    const review = await screen.findByRole('link', { name: 'Review the invitation to North Crew' });
    expect(review.getAttribute('href')).toBe(`/group-invite/${id}`);
    expect(screen.getByText('Admin')).toBeTruthy();
  });

  it('shows nothing when there are none', async () => {
    serve({ invitations: [] });
    const { queryClient } = renderWithProviders(<PendingInvitations />);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    expect(screen.queryByTestId('pending-invitations')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
