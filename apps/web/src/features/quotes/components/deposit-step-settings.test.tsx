import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEPOSIT_STEP_OFF, quoteEndpoints, type QuoteSettings } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DepositStepSettings } from './deposit-step-settings';

const SETTINGS: QuoteSettings = { deposit_mode: 'offered', effective_deposit_mode: 'offered', online_payments_enabled: true, notice: null, can_edit: true };

describe('DepositStepSettings (Settings › Payments)', () => {
  it('an admin picks "Deposit required": saved at once, the answer shown', async () => {
    const api = fakeApi()
      .on(quoteEndpoints.settings, SETTINGS)
      .on(quoteEndpoints.updateSettings, ({ body }) => ({ ...SETTINGS, deposit_mode: body.deposit_mode, effective_deposit_mode: body.deposit_mode }));
    renderWithProviders(<DepositStepSettings />);
    expect(((await screen.findByRole('radio', { name: /Deposit offered/ })) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /Deposit required/ }));
    await waitFor(() => expect(api.calls(quoteEndpoints.updateSettings).map((c) => c.body)).toEqual([{ deposit_mode: 'required' }]));
    await waitFor(() => expect((screen.getByRole('radio', { name: /Deposit required/ }) as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText(/No deposit step/)).toBeTruthy();
    expect(api.problems).toEqual([]);
  });

  it('says why "required" is not in effect while clients cannot pay online; a member reads it and cannot change it', async () => {
    const reason = 'Connect your Stripe account in Settings › Payments.';
    fakeApi().on(quoteEndpoints.settings, { ...SETTINGS, deposit_mode: 'required', effective_deposit_mode: 'none', online_payments_enabled: false, notice: DEPOSIT_STEP_OFF('required', reason), can_edit: false });
    renderWithProviders(<DepositStepSettings />);
    // Not in effect, said once: the reason is Settings › Payments' status just above (in the notice too, it read twice).
    expect(await screen.findByText(DEPOSIT_STEP_OFF('required', null))).toBeTruthy();
    expect(screen.queryByText(new RegExp(reason.replace(/[.›]/g, '.')))).toBeNull();
    expect((screen.getByRole('radio', { name: /Deposit required/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Only a workspace admin can change this.')).toBeTruthy();
  });

  it('a refused change is shown, the saved choice kept', async () => {
    // (A 403 goes through the client's session refresh first, which a test has no session for: a 400 stands in.)
    fakeApi().on(quoteEndpoints.settings, SETTINGS).on(quoteEndpoints.updateSettings, () => apiError(400, 'VALIDATION_ERROR', 'Choose a deposit step'));
    renderWithProviders(<DepositStepSettings />);
    await userEvent.click(await screen.findByRole('radio', { name: /No deposit step/ }));
    expect(await screen.findByText('Choose a deposit step')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Deposit offered/ }) as HTMLInputElement).checked).toBe(true);
  });
});
