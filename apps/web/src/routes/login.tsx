import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { SignedOutOnly } from '../lib/route-guards';

export const Route = createFileRoute('/login')({
  component: () => (
    <SignedOutOnly>
      <LoginPage />
    </SignedOutOnly>
  ),
});
