import { GroupBodySchema, WorkspaceBodySchema } from '@fieldbook/contract';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NameDescriptionModal } from './name-description-modal';

// happy-dom has no document.fonts; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

afterEach(cleanup);

function renderModal(props: Pick<Parameters<typeof NameDescriptionModal>[0], 'schema' | 'nameError'>) {
  const onSubmit = vi.fn();
  render(
    <MantineProvider>
      <NameDescriptionModal opened title="Create" nameLabel="Name" submitLabel="Create" initial={null} onClose={() => {}} onSubmit={onSubmit} isSaving={false} {...props} />
    </MantineProvider>,
  );
  return { onSubmit };
}

// Issue 23: the group and workspace modals check the contract's request schema, with its messages.
describe('NameDescriptionModal', () => {
  it('shows the schema’s required-name message under the field (groups) and sends trimmed values', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderModal({ schema: GroupBodySchema, nameError: { show: 'field' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Group name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Name/), '  Roofers ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Roofers', description: null });
  });

  it('hands the schema’s message to the caller when it says it itself (the workspace toast)', async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    renderModal({ schema: WorkspaceBodySchema, nameError: { show: 'custom', onError } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onError).toHaveBeenCalledWith('Workspace name is required');
    expect(screen.queryByText('Workspace name is required')).toBeNull();
  });

  it('refuses what the server refuses: a description over 2000 characters', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderModal({ schema: GroupBodySchema, nameError: { show: 'field' } });
    await user.type(screen.getByLabelText(/Name/), 'Roofers');
    // maxLength stops typing; a paste or script can still set it, and the server refuses it.
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(2001) } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
