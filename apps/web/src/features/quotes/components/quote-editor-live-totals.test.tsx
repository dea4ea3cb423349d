import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactEndpoints, quoteEndpoints } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { JobQuotes } from './job-quotes';

afterEach(() => vi.unstubAllGlobals());

const JOB = '00000000-0000-4000-8000-000000000001';

/** The rows of a totals block, as "Label $amount" lines. */
const rowsOf = (block: HTMLElement) => within(block).getAllByText(/\$/).map((amount) => `${amount.previousElementSibling?.textContent ?? ''} ${amount.textContent ?? ''}`);

describe('the quote editor’s live totals (issue 32 item 9)', () => {
  it('update as the contractor types, with the contract’s money rules, before anything is saved', async () => {
    const api = fakeApi()
      .on(quoteEndpoints.listForJob, { quotes: [], total: 0 })
      .on(quoteEndpoints.priceBook, { items: [] })
      .on(contactEndpoints.list, { contacts: [], total: 0 });
    renderWithProviders(<JobQuotes jobId={JOB} clientName="Maria Garcia" />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Quote' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Totals update as you type; saved totals are the server's\./)).toBeTruthy();
    const live = () => dialog.querySelector<HTMLElement>('[aria-label="Live totals"] [aria-label="Live totals"]')!;
    expect(rowsOf(live())).toEqual(['Subtotal $0.00', 'Total $0.00']);

    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Item 1' }), { target: { value: 'Seamless gutters' } });
    fireEvent.change(within(dialog).getByLabelText('Qty'), { target: { value: '120.5' } });
    fireEvent.change(within(dialog).getByLabelText('Unit price ($)'), { target: { value: '8.99' } });
    // 120.5 × $8.99 = $1,083.295 → $1,083.30, rounded half-up as the server rounds.
    expect(rowsOf(live())).toEqual(['Subtotal $1,083.30', 'Total $1,083.30']);

    fireEvent.change(within(dialog).getByLabelText('Discount'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText('Tax rate (%)'), { target: { value: '8.25' } });
    // 10 % off: $108.33; tax 8.25 % of $974.97 = $80.435 → $80.44 (half-up); total $1,055.41.
    expect(rowsOf(live())).toEqual(['Subtotal $1,083.30', 'Discount -$108.33', 'Tax (8.25%) $80.44', 'Total $1,055.41']);

    // A price that does not read yet is left out, and said so; nothing was sent to the server.
    fireEvent.change(within(dialog).getByLabelText('Unit price ($)'), { target: { value: '8.9x' } });
    expect(rowsOf(live())).toEqual(['Subtotal $0.00', 'Tax (8.25%) $0.00', 'Total $0.00']);
    expect(within(dialog).getByText(/1 line is not counted until its quantity and price read as numbers/)).toBeTruthy();
    expect(api.calls(quoteEndpoints.create)).toEqual([]);
    expect(api.problems).toEqual([]);
  });
});
