import { defaultSystemSettings, systemSettingsAnswerSchema, type SystemSettings } from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLanguage } from '../i18n/use-language';
import { fetchJson } from './api';

// Shared: the settings screen edits these, and every screen that shows money reads the currency.
export const systemSettingsQueryKey = ['/api/settings'] as const;

export async function getSystemSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SystemSettings> {
  return systemSettingsAnswerSchema.parse(await fetchJson(systemSettingsQueryKey, { signal }));
}

export function systemSettingsQueryOptions() {
  return queryOptions({
    queryKey: systemSettingsQueryKey,
    queryFn: ({ signal }) => getSystemSettings({ signal }),
  });
}

export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}

/** The installation's settings, or the documented defaults until (or unless) they load. */
export function useSystemSettingsOrDefaults(): SystemSettings {
  return useSystemSettings().data ?? defaultSystemSettings;
}

/**
 * The installation's language (Settings → System) for people who have not
 * picked one with the language switch on this browser. Their own choice wins.
 */
export function useInstallationLanguage(): void {
  const { data } = useSystemSettings();
  const { adoptDefaultLanguage } = useLanguage();
  const installationLanguage = data?.language;
  useEffect(() => {
    if (installationLanguage) adoptDefaultLanguage(installationLanguage);
  }, [installationLanguage, adoptDefaultLanguage]);
}
