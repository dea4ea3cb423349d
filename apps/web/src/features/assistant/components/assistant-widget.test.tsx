import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { installFakeApi } from '../test/fake-api';
import { AssistantWidget } from './assistant-widget';

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

beforeEach(() => {
  localStorage.clear();
  installFakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('AssistantWidget', () => {
  it('opens from its button, minimises to its header, restores, and closes back to the button', async () => {
    renderWithProviders(<AssistantWidget />, { route: '/jobs' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open assistant' }));
    // The chat is loaded when first opened (lazy-chat.tsx), then its conversation starts.
    expect(await screen.findByText('How can I help you today?')).toBeTruthy();
    const panel = screen.getByRole('dialog', { name: 'Intelligent Assistant' });
    for (const label of ['Select Group', 'Manage Assistants', 'Minimise', 'Close']) expect(screen.getByRole('button', { name: label })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open assistant' })).toBeNull();

    await user.type(screen.getByPlaceholderText('Ask a question...'), 'a draft');
    await user.click(screen.getByRole('button', { name: 'Minimise' }));
    expect(panel.isConnected).toBe(true);
    expect(screen.queryByRole('button', { name: 'Select Group' })).toBeNull();
    // Hidden, not unmounted: the draft is kept.
    expect(screen.getByPlaceholderText('Ask a question...').closest('[style*="display: none"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect((screen.getByPlaceholderText('Ask a question...') as HTMLTextAreaElement).value).toBe('a draft');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open assistant' })).toBeTruthy();
  });

  it('Manage Assistants goes to /group-assistants', async () => {
    renderWithProviders(
      <>
        <AssistantWidget />
        <Where />
      </>,
      { route: '/' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open assistant' }));
    await user.click(await screen.findByRole('button', { name: 'Manage Assistants' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/group-assistants'));
  });

  it('stays off the /assistant page, which shows the chat itself', () => {
    renderWithProviders(<AssistantWidget />, { route: '/assistant' });
    expect(screen.queryByRole('button', { name: 'Open assistant' })).toBeNull();
  });
});
