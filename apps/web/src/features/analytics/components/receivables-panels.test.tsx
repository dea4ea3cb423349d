import { receivablesEndpoints, type Receivables } from '@fieldbook/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ReceivablesPanels } from './receivables-panels';

afterEach(() => vi.unstubAllGlobals());

const RECEIVABLES: Receivables = {
  as_of: '2026-03-08',
  time_zone: 'America/New_York',
  aging: [
    { bucket: 'current', balance_cents: 3, count: 2 },
    { bucket: '1_30', balance_cents: 30, count: 2 },
    { bucket: '31_60', balance_cents: 300, count: 2 },
    { bucket: '61_90', balance_cents: 0, count: 0 },
    { bucket: 'over_90', balance_cents: 600_000, count: 1 },
  ],
  total: { balance_cents: 600_333, count: 7 },
  payments_by_month: Array.from({ length: 12 }, (_, k) => {
    const month = `${k < 9 ? 2025 : 2026}-${String(((k + 3) % 12) + 1).padStart(2, '0')}`;
    return { month, payments_cents: k === 11 ? 5_000 : 0, refunds_cents: k === 11 ? 1_000 : 0, net_cents: k === 11 ? 4_000 : 0 };
  }),
};

describe('ReceivablesPanels', () => {
  it('shows the aging buckets with counts and amounts as of the workspace’s day, and the year’s net payments', async () => {
    const api = fakeApi().on(receivablesEndpoints.receivables, RECEIVABLES);
    renderWithProviders(<ReceivablesPanels />);
    const aging = await screen.findByRole('region', { name: 'A/R Aging' });
    expect(within(aging).getByText('As of Mar 8, 2026 (America/New_York), by days past the due date')).toBeTruthy();
    const row = (label: string) => within(aging).getByText(label).closest('tr')!;
    expect(within(row('Current')).getByText('$0.03')).toBeTruthy();
    expect(within(row('1–30 days')).getByText('$0.30')).toBeTruthy();
    expect(within(row('61–90 days')).getByText('0')).toBeTruthy();
    expect(within(row('90+ days')).getByText('$6,000.00')).toBeTruthy();
    expect(within(row('Total')).getByText('7')).toBeTruthy();
    expect(within(row('Total')).getByText('$6,003.33')).toBeTruthy();
    const payments = screen.getByRole('region', { name: 'Payments Received' });
    expect(within(payments).getByText('Net of refunds, per month: $40.00 in the last 12 months')).toBeTruthy();
    expect(api.problems).toEqual([]);
  });

  it('says when it cannot load', async () => {
    fakeApi().on(receivablesEndpoints.receivables, apiError(500, 'INTERNAL', 'Down'));
    renderWithProviders(<ReceivablesPanels />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load receivables: Down');
  });
});
