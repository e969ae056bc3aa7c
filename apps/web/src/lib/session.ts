import {
  currentUserSchema,
  messageAnswerSchema,
  userNotAssignedSchema,
  type CurrentUser,
  type MessageAnswer,
  type PharmacySummary,
} from '@pharmacy/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, fetchJson, HttpError } from './api';
import { useOnlineStatus } from './online-status';
import {
  forgetSignedInUser,
  isServerUnreachable,
  rememberedSignedInUser,
  rememberSignedInUser,
} from './remembered-session';

/**
 * Who is signed in, as the whole app sees it. Signed out and "must pick a
 * pharmacy" are states, not failures, so the query resolves to one of these
 * instead of throwing (specification §4, Authentication).
 */
export type AuthState =
  /**
   * `remembered`: the server could not be reached, so this is the last answer it
   * gave in this browser (see remembered-session.ts); it is asked for again once
   * the browser is back online (useRecheckRememberedSession).
   */
  | { status: 'signedIn'; user: CurrentUser; remembered?: true }
  | { status: 'needsPharmacy'; pharmacies: PharmacySummary[] }
  /** `loggedOut`: the user pressed Logout in this tab, so no "Unauthorized" warning is due. */
  | { status: 'signedOut'; loggedOut?: boolean };

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** The 409 fallback of specification §4: older servers only said so in the message. */
const NEEDS_PHARMACY_TEXT = 'User needs to select a pharmacy';

export function authStateFromError(error: unknown): AuthState | undefined {
  if (error instanceof HttpError) {
    if (error.status === 401) return { status: 'signedOut' };
    if (error.status === 409) {
      try {
        const conflict = userNotAssignedSchema.safeParse(JSON.parse(error.body));
        if (conflict.success) return { status: 'needsPharmacy', pharmacies: conflict.data.pharmacies };
      } catch {
        // Not JSON: the message check below still applies.
      }
    }
  }
  if (error instanceof Error && error.message.includes(NEEDS_PHARMACY_TEXT)) {
    return { status: 'needsPharmacy', pharmacies: [] };
  }
  return undefined;
}

/**
 * Issue 15: the till keeps working without the network. When the server cannot
 * be reached, the last signed-in answer stands in for it; any answer the server
 * does give (signed in, signed out, choose a pharmacy) replaces or removes it.
 */
export async function getAuthState({ signal }: { signal?: AbortSignal } = {}): Promise<AuthState> {
  try {
    const user = currentUserSchema.parse(await fetchJson(currentUserQueryKey, { signal }));
    rememberSignedInUser(user);
    return { status: 'signedIn', user };
  } catch (error) {
    const state = authStateFromError(error);
    if (state) {
      forgetSignedInUser();
      return state;
    }
    const remembered = isServerUnreachable(error) ? rememberedSignedInUser() : null;
    if (remembered) return { status: 'signedIn', user: remembered, remembered: true };
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getAuthState({ signal }),
    // Specification §7: the current-user read is never retried.
    retry: false,
    // Asked even while the browser is offline (by default the query would wait for the network, and the app with
    // it): the failure is what brings the remembered answer.
    networkMode: 'always',
  });
}

export function useAuthState() {
  return useQuery(currentUserQueryOptions());
}

/**
 * For the signed-in screens: a remembered answer (the server could not be
 * reached) is asked for again when the browser is back online, so a session
 * that ended meanwhile signs out (401) as soon as the server can say so.
 */
export function useRecheckRememberedSession(): void {
  const { data, refetch } = useAuthState();
  const online = useOnlineStatus();
  const remembered = data?.status === 'signedIn' && data.remembered === true;
  useEffect(() => {
    if (online && remembered) void refetch();
  }, [online, remembered, refetch]);
}

/**
 * The signed-in user, for screens that only render inside the signed-in shell.
 * Throws elsewhere, which is a programming error rather than a state to handle.
 */
export function useSignedInUser(): CurrentUser {
  const { data } = useAuthState();
  if (data?.status !== 'signedIn') throw new Error('useSignedInUser used outside the signed-in area');
  return data.user;
}

/**
 * After Logout, whatever the server answered: the app shows no one signed in, and
 * this browser no longer remembers who was (so an offline reload opens signed out).
 */
export function markLoggedOut(queryClient: QueryClient): void {
  forgetSignedInUser();
  const loggedOut: AuthState = { status: 'signedOut', loggedOut: true };
  queryClient.setQueryData(currentUserQueryKey, loggedOut);
}

/** Re-reads the current user and waits for the answer (after sign-in, pharmacy choice, profile changes). */
export function refreshCurrentUser(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}

export async function selectPharmacy(pharmacyId: string): Promise<MessageAnswer | null> {
  const response = await apiRequest('POST', '/api/auth/user/pharmacy', { pharmacyId });
  const parsed = messageAnswerSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/**
 * POST /api/auth/user/pharmacy. `scope: 'everything'` (switching pharmacy in the
 * shell) also refreshes every other cached read, because most data is per
 * pharmacy. `onSelected` runs before the current user is read again, because the
 * new answer can replace the screen that asked (the selection screen).
 */
export function useSelectPharmacy({
  scope,
  onSelected,
}: {
  scope: 'user' | 'everything';
  onSelected?: (answer: MessageAnswer | null) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectPharmacy,
    // Pending until the screens show the new pharmacy.
    onSuccess: async (answer) => {
      onSelected?.(answer);
      await (scope === 'everything' ? queryClient.invalidateQueries() : refreshCurrentUser(queryClient));
    },
  });
}

/** The name and address to show: Arabic ones in Arabic when the pharmacy has them (specification §2). */
export function localizedPharmacy(
  pharmacy: Pick<PharmacySummary, 'name' | 'nameAr' | 'address' | 'addressAr'>,
  language: 'en' | 'ar',
): { name: string; address: string } {
  if (language === 'ar') {
    return { name: pharmacy.nameAr || pharmacy.name, address: pharmacy.addressAr || pharmacy.address };
  }
  return { name: pharmacy.name, address: pharmacy.address };
}

/** Full name, or the e-mail address when the name is missing (specification §2, sidebar header). */
export function displayNameOf(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email;
}
