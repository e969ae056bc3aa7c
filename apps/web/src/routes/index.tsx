import { createFileRoute, Navigate } from '@tanstack/react-router';
import { WelcomePage } from '../features/auth/components/welcome-page';
import { useAuthState } from '../lib/session';

export const Route = createFileRoute('/')({
  component: HomeRoute,
});

// Signed out: the welcome page. Signed in: the dashboard, which does not exist yet,
// so the locations list stands in for it.
function HomeRoute() {
  const { data } = useAuthState();
  if (data?.status === 'signedIn') return <Navigate to="/locations" replace />;
  return <WelcomePage />;
}
