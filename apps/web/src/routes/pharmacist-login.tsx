import { createFileRoute } from '@tanstack/react-router';
import { PharmacistLoginPage } from '../features/auth/components/pharmacist-login-page';
import { SignedOutOnly } from '../lib/route-guards';

export const Route = createFileRoute('/pharmacist-login')({
  component: () => (
    <SignedOutOnly>
      <PharmacistLoginPage />
    </SignedOutOnly>
  ),
});
