import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { profileQueryOptions } from '../../features/settings/api/profile';
import { systemSettingsQueryOptions } from '../../lib/system-settings';

export const Route = createFileRoute('/_authenticated/settings')({
  loader: ({ context }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(profileQueryOptions());
    void context.queryClient.prefetchQuery(systemSettingsQueryOptions());
  },
  component: SettingsPage,
});
