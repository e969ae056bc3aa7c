import { createFileRoute, redirect } from '@tanstack/react-router';

// The dashboard arrives with sign-in; until then the home page is the locations list.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/locations', replace: true });
  },
});
