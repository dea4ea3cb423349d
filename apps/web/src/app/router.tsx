import { Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { FullScreenMessage } from '../components/full-screen-message';
import { lazyComponent } from './load-route';
import { AuthProvider } from '../lib/auth-provider';
import { ProtectedRoute } from './protected-route';
import { RouteErrors } from './route-error-boundary';

/**
 * The route table runs in React Router's declarative mode (`useRoutes` under a `BrowserRouter`), not its data router:
 * the app has no loaders or actions, and the data router is ~18 kB gzip of the login route's 150 kB budget
 * (design.md §11). What the data router gave us is kept here: pages are code-split and fetched side by side for every
 * matched route (`handle.preload`), a failed fetch is tried again on the next visit, a navigation keeps the current page on
 * screen until the next one's code is in (BrowserRouter navigates in a transition), and errors show the error page.
 */
type Preload = { preload: () => void };

/** A code-split route: the page module is fetched when the route is first visited (again, if the fetch failed). */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> {
  const { Page, preload } = lazyComponent(load, (module) => module.default);
  return { element: <Page />, handle: { preload } satisfies Preload };
}

/** The same screen under several paths (spec 000 §2 lists aliases). */
function aliases(paths: string[], load: () => Promise<{ default: ComponentType }>): RouteObject[] {
  const shared = page(load);
  return paths.map((path) => ({ path, ...shared }));
}

const shell = lazyComponent(() => import('./shell/app-shell'), (module) => module.AppShellLayout);

function Root({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrors resetKey={location.key}>
      <AuthProvider>
        <Suspense fallback={<FullScreenMessage />}>{children}</Suspense>
      </AuthProvider>
    </RouteErrors>
  );
}

/** The route table of spec 000 §2. */
export const routes: RouteObject[] = [
  // Public
  { path: 'login', ...page(() => import('./routes/login')) },
  { path: 'signup', ...page(() => import('./routes/signup')) },
  { path: 'forgot-password', ...page(() => import('./routes/forgot-password')) },
  { path: 'reset-password', ...page(() => import('./routes/reset-password')) },
  { path: 'download', ...page(() => import('./routes/download')) },
  // The texted invitation link: a visitor has no session yet (spec 002 §2 offers them a sign-up form).
  { path: 'invitation/:token', ...page(() => import('./routes/invitation')) },
  { path: 'q/:token', ...page(() => import('./routes/quote-public')) },
  { path: 'i/:token', ...page(() => import('./routes/invoice-public')) },
  { path: 'h/:token', ...page(() => import('./routes/client-hub')) },
  { path: 'g/:token', ...page(() => import('./routes/gallery-public')) },
  { path: 'r/:token', ...page(() => import('./routes/work-request-public')) },
  // An automatic email's unsubscribe link (the server's UNSUBSCRIBE_LINKS: the contract's UNSUBSCRIBE_PAGE_PATH).
  { path: 'unsubscribe/:token', ...page(() => import('./routes/unsubscribe')) },
  // Guarded: the guard is eager (it shows "Verifying authentication..."), the shell and pages are split.
  {
    element: <ProtectedRoute />,
    children: [
      {
        element: <shell.Page />,
        handle: { preload: shell.preload } satisfies Preload,
        children: [
          { index: true, ...page(() => import('./routes/home')) },
          { path: 'home', ...page(() => import('./routes/home')) },
          ...aliases(['optimized-home', 'fast-dashboard'], () => import('./routes/optimized-home')),
          ...aliases(['consolidated-recordings', 'recordings', 'record'], () => import('./routes/recordings')),
          { path: 'workspace-management', ...page(() => import('./routes/workspace-management')) },
          { path: 'my-workspace', ...page(() => import('./routes/my-workspace')) },
          { path: 'groups', ...page(() => import('./routes/groups')) },
          // Spec 002 §2: the group-assistants screen's View Group goes to /groups/{id}.
          { path: 'groups/:groupId', ...page(() => import('./routes/group-detail')) },
          { path: 'group-members/:groupId', ...page(() => import('./routes/group-members')) },
          { path: 'group-detail/:groupId', ...page(() => import('./routes/group-detail')) },
          ...aliases(['analytics', 'workspace-analytics'], () => import('./routes/workspace-analytics')),
          { path: 'assistant', ...page(() => import('./routes/assistant')) },
          ...aliases(['group-assistant-admin', 'group-assistants'], () => import('./routes/group-assistants')),
          { path: 'assistant-examples/:id', ...page(() => import('./routes/assistant-examples')) },
          { path: 'jobs', ...page(() => import('./routes/jobs')) },
          { path: 'jobs/new', ...page(() => import('./routes/job-new')) },
          { path: 'jobs/:jobId', ...page(() => import('./routes/job-detail')) },
          { path: 'invoices', ...page(() => import('./routes/invoices')) },
          ...aliases(['requests', 'requests/:requestId'], () => import('./routes/requests')),
          { path: 'schedule', ...page(() => import('./routes/schedule')) },
          { path: 'today', ...page(() => import('./routes/today')) },
          ...aliases(['documents', 'document-manager/:jobId?'], () => import('./routes/documents')),
          { path: 'documents/:id', ...page(() => import('./routes/document-detail')) },
          { path: 'photos', ...page(() => import('./routes/photos')) },
          { path: 'tasks', ...page(() => import('./routes/tasks')) },
          { path: 'tasks/:id', ...page(() => import('./routes/task-detail')) },
          ...aliases(['contacts', 'contacts/:contactId'], () => import('./routes/contacts')),
          { path: 'group-invite/:inviteId', ...page(() => import('./routes/group-invite')) },
        ],
      },
    ],
  },
  { path: '*', ...page(() => import('./routes/not-found')) },
];

/** The routes of the current location; every matched page's code is fetched at once, not one after the other. */
export function AppRoutes() {
  const location = useLocation();
  for (const match of matchRoutes(routes, location) ?? []) (match.route.handle as Preload | undefined)?.preload();
  return <Root>{useRoutes(routes, location)}</Root>;
}
