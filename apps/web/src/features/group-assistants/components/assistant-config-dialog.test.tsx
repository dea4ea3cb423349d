import { groupAssistantEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AssistantConfigDialog } from './assistant-config-dialog';
import { fakeAssistantApi, pickOption, makeRow, makeStats } from './fake-assistant-api';

afterEach(() => vi.unstubAllGlobals());

const row = makeRow('Roofers', makeStats());
const target = { groupId: row.group.id, groupName: 'Roofers' };
const render = (onClose = vi.fn()) => {
  renderWithProviders(
    <>
      <Toaster />
      <AssistantConfigDialog target={target} onClose={onClose} />
    </>,
  );
  return onClose;
};

describe('AssistantConfigDialog', () => {
  it('loads the configuration (missing values as empty strings, the default model), saves every field and says so', async () => {
    const api = fakeAssistantApi([row]);
    const onClose = render();
    const user = userEvent.setup();
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Base Model' }) as HTMLInputElement).value).toBe('GPT-4o Mini');

    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(name, 'Roof Helper');
    await fill(screen.getByLabelText('Persona'), 'A friendly estimator');
    await fill(screen.getByLabelText('Specialization'), 'Shingle roofs');
    await fill(screen.getByLabelText('System Prompt'), 'Answer briefly.');
    const options = await pickOption(user, 'Base Model', 'GPT-3.5 Turbo');
    expect(options).toEqual(['GPT-4o Mini', 'GPT-4o', 'GPT-3.5 Turbo']);
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Assistant configuration updated successfully')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls(groupAssistantEndpoints.updateConfig)[0]?.body).toEqual({ name: 'Roof Helper', persona: 'A friendly estimator', specialization: 'Shingle roofs', system_prompt: 'Answer briefly.', base_model: 'gpt-3.5-turbo' });
  });

  it('shows the saved values', async () => {
    const api = fakeAssistantApi([row]);
    api.configs.set(row.group.id, { group_id: row.group.id, name: 'Roof Helper', persona: 'p', specialization: 's', system_prompt: 'sp', base_model: 'gpt-4o', is_active: true });
    render();
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Roof Helper');
    expect((screen.getByRole('combobox', { name: 'Base Model' }) as HTMLInputElement).value).toBe('GPT-4o');
  });

  it('says Failed to load assistant configuration when it cannot be read', async () => {
    const api = fakeAssistantApi([row]);
    api.failures.set(groupAssistantEndpoints.config, { status: 500, code: 'INTERNAL', message: 'boom' });
    render();
    expect(await screen.findByText('Failed to load assistant configuration')).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it('says Failed to update assistant configuration and stays open when the save fails', async () => {
    const api = fakeAssistantApi([row]);
    api.failures.set(groupAssistantEndpoints.updateConfig, { status: 500, code: 'INTERNAL', message: 'disk full' });
    const onClose = render();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'X');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update assistant configuration')).toBeTruthy();
    expect(within(alert).getByText('disk full')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
