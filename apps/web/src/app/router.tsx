import type { ComponentType } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenMessage } from '../components/full-screen-message';
import { loadRoute } from './load-route';
import { AuthProvider } from '../lib/auth-provider';
import { ProtectedRoute } from './protected-route';
import { RouteErrorBoundary } from './route-error-boundary';

/** A code-split route: the page module is fetched when the route is first visited (again, if the fetch failed). */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await loadRoute(load)).default }) };
}

/** The same screen under several paths (spec 000 §2 lists aliases). */
function aliases(paths: string[], load: () => Promise<{ default: ComponentType }>): RouteObject[] {
  return paths.map((path) => ({ path, ...page(load) }));
}

function Root() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/** The route table of spec 000 §2. */
export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: () => <FullScreenMessage />,
    ErrorBoundary: RouteErrorBoundary,
    children: [
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
      // Guarded: the guard is eager (it shows "Verifying authentication..."), the shell and pages are split.
      {
        Component: ProtectedRoute,
        children: [
          {
            lazy: async () => ({ Component: (await loadRoute(() => import('./shell/app-shell'))).AppShellLayout }),
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
              ...aliases(['documents', 'document-manager/:jobId?'], () => import('./routes/documents')),
              { path: 'documents/:id', ...page(() => import('./routes/document-detail')) },
              { path: 'tasks', ...page(() => import('./routes/tasks')) },
              { path: 'tasks/:id', ...page(() => import('./routes/task-detail')) },
              ...aliases(['contacts', 'contacts/:contactId'], () => import('./routes/contacts')),
              { path: 'group-invite/:inviteId', ...page(() => import('./routes/group-invite')) },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
