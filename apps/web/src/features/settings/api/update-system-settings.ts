import { systemSettingsAnswerSchema, type SystemSettings } from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { systemSettingsQueryKey } from '../../../lib/system-settings';

/** PUT /api/settings replaces the whole object (administrators only). */
export async function updateSystemSettings(input: SystemSettings): Promise<SystemSettings> {
  const response = await apiRequest('PUT', '/api/settings', input);
  return systemSettingsAnswerSchema.parse(await response.json());
}

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSystemSettings,
    onSuccess: (saved) => queryClient.setQueryData(systemSettingsQueryKey, saved),
  });
}
