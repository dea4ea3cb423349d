import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './load-route';
import { RouteErrors } from './route-error-boundary';
import { theme } from './theme';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/tasks-abc.js');

/** The routes' frame as router.tsx builds it: the matched page preloaded on each visit, the error boundary keyed by the location, Suspense inside it. */
function Frame({ Page, preload }: { Page: React.ComponentType; preload?: () => void }) {
  const [visit, setVisit] = useState(1);
  preload?.();
  return (
    <MantineProvider theme={theme}>
      <button onClick={() => setVisit((v) => v + 1)}>Navigate</button>
      <RouteErrors resetKey={String(visit)}>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </RouteErrors>
    </MantineProvider>
  );
}

describe('the routes’ error page', () => {
  it('a page whose code cannot be fetched says Fieldbook was updated; the next navigation fetches it again and it opens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    const load = vi.fn(async () => {
      if (!online) throw chunkFailure();
      return { default: () => <h1>Tasks</h1> };
    });
    const { Page, preload } = lazyComponent(load, (module) => module.default, { tries: 2, waitMs: 1 });
    render(<Frame Page={Page} preload={preload} />);

    expect(await screen.findByRole('heading', { name: 'Fieldbook was updated' })).toBeTruthy();
    expect(screen.getByText('Reload the page to get the latest version.')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Navigate' }));
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a page that throws while rendering shows Something went wrong with the error, and the rest of the app keeps working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Jobs() {
      if (broken) throw new Error('jobs is undefined');
      return <h1>Jobs</h1>;
    }
    render(<Frame Page={Jobs} />);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Error: jobs is undefined')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Navigate' }));
    expect(await screen.findByRole('heading', { name: 'Jobs' })).toBeTruthy();
  });

  it('the code is fetched once however often the route is matched and rendered', async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Contacts</h1> }));
    const { Page, preload } = lazyComponent(load, (module) => module.default);
    preload();
    preload();
    render(<Frame Page={Page} />);
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
