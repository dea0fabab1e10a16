import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Flag, Role } from '@portal/shared';
import { useAuth } from '../../lib/auth-context';
import { AuthLoading } from '../../components/auth-loading';

/**
 * Staff area: signed-in admin or agent, optionally with flags (`flags`: every one; `anyFlags`: at least
 * one, as a call declared `staffWith(...)` asks); customers go to their dashboard.
 */
export function RequireStaff({
  children,
  flags,
  anyFlags,
  roles,
}: {
  children: ReactNode;
  flags?: Flag[];
  anyFlags?: readonly Flag[];
  roles?: Role[];
}) {
  const { user, isAuthLoading } = useAuth();
  const location = useLocation();
  if (isAuthLoading) return <AuthLoading />;
  // The address with its query (a screen's pairing link `ds/devices?code=…`): the sign-in returns to it.
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (user.role === 'customer') return <Navigate to="/business-dashboard" replace />;
  // A screen the user's role or flags do not allow: home, with the reason (the layout shows it).
  if (
    (roles && !roles.includes(user.role)) ||
    (flags && !flags.every((f) => user[f])) ||
    (anyFlags && !anyFlags.some((f) => user[f]))
  )
    return <Navigate to="/agent-dashboard" replace state={{ noAccess: location.pathname }} />;
  return <>{children}</>;
}

/** /profile: any signed-in user, sent to the profile of their own area. */
export function ProfileRedirect() {
  const { user, isAuthLoading } = useAuth();
  if (isAuthLoading) return <AuthLoading />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <Navigate to={user.role === 'customer' ? '/business-dashboard/profile' : '/agent-dashboard/profile'} replace />
  );
}

/** Business area: role customer only, everyone else to the business login. */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const { user, isAuthLoading } = useAuth();
  if (isAuthLoading) return <AuthLoading />;
  if (!user || user.role !== 'customer') return <Navigate to="/business-login" replace />;
  return <>{children}</>;
}

/** Catch-all of the spec: customer -> /business-dashboard, other signed-in -> /agent-dashboard/tasks, anonymous -> /. */
export function CatchAll() {
  const { user, isAuthLoading } = useAuth();
  if (isAuthLoading) return <AuthLoading />;
  if (!user) return <Navigate to="/" replace />;
  return <Navigate to={user.role === 'customer' ? '/business-dashboard' : '/agent-dashboard/tasks'} replace />;
}
