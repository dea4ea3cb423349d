import { documentEndpoints, driveEndpoints } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { DRIVE_DISCONNECTED, makeDocument } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { DocumentsScreen } from './documents-screen';

const TOTAL = 260;
const docs = Array.from({ length: TOTAL }, (_, i) => makeDocument(`Doc ${String(i + 1).padStart(3, '0')}.pdf`));
let api: FakeApi;

beforeEach(() => {
  // Pages as the server does; the contract's query schema refuses more than 200 a page, as the server does.
  api = fakeApi()
    .on(driveEndpoints.status, DRIVE_DISCONNECTED)
    .on(documentEndpoints.list, ({ query }) => ({ documents: docs.slice(query.offset, query.offset + query.limit), total: TOTAL }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DocumentsScreen Load More', () => {
  it('pages past 200 documents: every one is shown, no request asks for more than a page', async () => {
    renderWithProviders(<DocumentsScreen />, { route: '/documents' });
    const user = userEvent.setup();
    expect(await screen.findByText('Doc 001.pdf')).toBeTruthy();
    for (let shown = 50; shown < TOTAL; shown += 50) {
      await user.click(screen.getByRole('button', { name: 'Load More Documents' }));
      await screen.findByText(`Doc ${String(Math.min(shown + 50, TOTAL)).padStart(3, '0')}.pdf`);
    }
    expect(screen.getByText('Doc 260.pdf')).toBeTruthy();
    expect(screen.queryByText('Could not load documents')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More Documents' })).toBeNull());
    expect(api.calls(documentEndpoints.list).every((r) => r.query.limit <= 200)).toBe(true);
    expect(api.problems).toEqual([]);
  }, 30_000);
});
