import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenMessage } from '../components/full-screen-message';
import { useAuth } from '../lib/auth-provider';
import { loginPathFor } from '../features/auth';

/**
 * Spec 000 §2 guard: "Verifying authentication..." while loading; signed out (or still owing the second
 * factor) → /login, replacing the history entry and carrying the requested path.
 */
export function ProtectedRoute() {
  const { session, loading, needsMfa } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenMessage message="Verifying authentication..." />;
  if (!session || needsMfa) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
