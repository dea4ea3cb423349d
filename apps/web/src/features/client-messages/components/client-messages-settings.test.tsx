import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  CLIENT_MESSAGE_PLACEHOLDERS,
  CLIENT_MESSAGE_QUIET_HOURS,
  CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY,
  CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER,
  clientMessageEndpoints,
  DEFAULT_CLIENT_MESSAGE_RULES,
  invoiceEndpoints,
  type ClientMessageSettings,
} from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ReminderSettingsForm } from '../../invoices';
import { ClientMessagesSettings } from './client-messages-settings';

afterEach(() => vi.unstubAllGlobals());

const SETTINGS: ClientMessageSettings = {
  rules: DEFAULT_CLIENT_MESSAGE_RULES,
  review_link: null,
  quiet_hours: { from: CLIENT_MESSAGE_QUIET_HOURS.from, until: CLIENT_MESSAGE_QUIET_HOURS.until },
  time_zone: 'America/Chicago',
  invoice_reminders: { enabled: true, first_after_days: 3, second_after_days: 10 },
  can_edit: true,
};

const rule = (name: string) => screen.getByRole('region', { name });
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

describe('ClientMessagesSettings', () => {
  it('turning a rule off and changing its timing saves exactly that, with every other rule as it was', async () => {
    const api = fakeApi()
      .on(clientMessageEndpoints.settings, SETTINGS)
      .on(clientMessageEndpoints.updateSettings, ({ body }) => ({ ...SETTINGS, rules: body.rules, review_link: body.review_link }));
    renderWithProviders(<ClientMessagesSettings />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Send “Visit booked”' }));
    fireEvent.change(within(rule('Visit reminder')).getByLabelText('Hours before the visit'), { target: { value: '48' } });
    fireEvent.click(within(rule('Quote follow-up')).getByLabelText('Send a second follow-up'));
    fireEvent.click(screen.getByRole('button', { name: 'Save client messages' }));
    expect(await screen.findByText('Client messages saved.')).toBeTruthy();
    const [call] = api.calls(clientMessageEndpoints.updateSettings);
    expect(call?.body).toEqual({
      rules: {
        ...DEFAULT_CLIENT_MESSAGE_RULES,
        visit_booked: { ...DEFAULT_CLIENT_MESSAGE_RULES.visit_booked, enabled: false },
        visit_reminder: { ...DEFAULT_CLIENT_MESSAGE_RULES.visit_reminder, hours_before: 48 },
        quote_follow_up: { ...DEFAULT_CLIENT_MESSAGE_RULES.quote_follow_up, second_after_days: null },
      },
      review_link: null,
    });
    expect(api.problems).toEqual([]);
  });

  it("the server's field errors show on their fields (a refused template opens its messages)", async () => {
    const message = CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER('time', CLIENT_MESSAGE_PLACEHOLDERS.visit_reminder);
    fakeApi()
      .on(clientMessageEndpoints.settings, SETTINGS)
      .on(clientMessageEndpoints.updateSettings, apiError(400, 'VALIDATION_ERROR', message, [{ field: 'rules.visit_reminder.template.email_subject', message }]));
    renderWithProviders(<ClientMessagesSettings />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save client messages' }));
    const subject = await within(rule('Visit reminder')).findByLabelText('Email subject');
    await waitFor(() => expect(subject.getAttribute('aria-invalid')).toBe('true'));
    expect(within(rule('Visit reminder')).getByText(message)).toBeTruthy();
    // Typing in the field clears the server's word on it.
    fireEvent.change(subject, { target: { value: 'Reminder: {date}' } });
    await waitFor(() => expect(within(rule('Visit reminder')).queryByText(message)).toBeNull());
  });

  it('an unknown placeholder is named as it is typed (the contract’s check) and Save waits for it; a placeholder click inserts it; the preview fills samples', async () => {
    const api = fakeApi().on(clientMessageEndpoints.settings, SETTINGS);
    renderWithProviders(<ClientMessagesSettings />);
    const card = within(await screen.findByRole('region', { name: 'Visit booked' }));
    fireEvent.click(card.getByRole('button', { name: 'Edit messages' }));
    const sms = card.getByLabelText('Text message') as HTMLTextAreaElement;
    fireEvent.change(sms, { target: { value: 'Booked at {time}' } });
    expect(card.getByText(CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER('time', CLIENT_MESSAGE_PLACEHOLDERS.visit_booked))).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save client messages' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(sms, { target: { value: 'Hello ' } });
    fireEvent.focus(sms);
    sms.setSelectionRange(6, 6);
    fireEvent.click(card.getByRole('button', { name: '{client}' }));
    expect(sms.value).toBe('Hello {client}');
    expect(card.getByTestId('preview-sms-visit_booked').textContent).toBe('Hello Maria Garcia');
    expect((screen.getByRole('button', { name: 'Save client messages' }) as HTMLButtonElement).disabled).toBe(false);
    expect(api.calls(clientMessageEndpoints.updateSettings)).toHaveLength(0);
  });

  it('quiet hours come from the contract, in the workspace’s zone; the invoice reminders are shown with their own editor', async () => {
    const api = fakeApi().on(clientMessageEndpoints.settings, SETTINGS).on(invoiceEndpoints.reminderSettings, SETTINGS.invoice_reminders);
    // As the settings screen hands it in: the invoices feature's own editor.
    renderWithProviders(<ClientMessagesSettings reminderEditor={(onDone) => <ReminderSettingsForm onDone={onDone} />} />);
    expect(await screen.findByText(new RegExp(`Never sent between ${hh(CLIENT_MESSAGE_QUIET_HOURS.until)} and ${hh(CLIENT_MESSAGE_QUIET_HOURS.from)} in the workspace’s time zone \\(America/Chicago\\)`))).toBeTruthy();
    const reminders = within(rule('Overdue invoice reminders'));
    expect(reminders.getByText('On: 3 and 10 days after the due date, by the text and email the invoice was sent by.')).toBeTruthy();
    fireEvent.click(reminders.getByRole('button', { name: 'Change' }));
    expect(await reminders.findByRole('switch', { name: 'Send overdue reminders' })).toBeTruthy();
    expect(api.calls(invoiceEndpoints.reminderSettings)).toHaveLength(1);
  });

  it('a member who is not an admin reads the rules, with the note, and cannot change or save them', async () => {
    fakeApi().on(clientMessageEndpoints.settings, { ...SETTINGS, can_edit: false });
    renderWithProviders(<ClientMessagesSettings />);
    expect(await screen.findByText(`${CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY}.`)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Send “Visit booked”' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save client messages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    const card = within(rule('Visit reminder'));
    expect(card.getByLabelText('Hours before the visit').hasAttribute('readonly')).toBe(true);
    fireEvent.click(card.getByRole('button', { name: 'Show messages' }));
    expect(card.getByLabelText('Text message').hasAttribute('readonly')).toBe(true);
    // The placeholders are listed (their help on hover or tap), not offered for insertion.
    expect(card.getByText('{client}')).toBeTruthy();
    expect(card.queryByRole('button', { name: '{client}' })).toBeNull();
  });

  it('review requests on without a review link: the field says so before any request', async () => {
    const api = fakeApi().on(clientMessageEndpoints.settings, SETTINGS);
    renderWithProviders(<ClientMessagesSettings />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Send “Review request”' }));
    expect(within(rule('Review request')).getByText('Add your review link (e.g. your Google review page) to send review requests')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save client messages' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls(clientMessageEndpoints.updateSettings)).toHaveLength(0);
  });
});
