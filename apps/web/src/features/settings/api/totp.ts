import {
  messageAnswerSchema,
  totpConfirmAnswerSchema,
  totpSetupAnswerSchema,
  type MessageAnswer,
  type TotpConfirmAnswer,
  type TotpSetupAnswer,
} from '@pharmacy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { currentUserQueryKey } from '../../../lib/session';

/** Starts enrolment: a new secret, shown as a QR code and as text. Nothing is active until confirmed. */
export async function setupTotp(): Promise<TotpSetupAnswer> {
  const response = await apiRequest('POST', '/api/auth/totp/setup');
  return totpSetupAnswerSchema.parse(await response.json());
}

export async function confirmTotp(input: { code: string; username?: string }): Promise<TotpConfirmAnswer> {
  const response = await apiRequest('POST', '/api/auth/totp/confirm', input);
  return totpConfirmAnswerSchema.parse(await response.json());
}

export async function disableTotp(input: { password: string }): Promise<MessageAnswer> {
  const response = await apiRequest('POST', '/api/auth/totp/disable', input);
  return messageAnswerSchema.parse(await response.json());
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}

/**
 * Both change `totpEnabled` on the current user, which swaps the part of the
 * screen that asked; `onDone` runs first, while that part is still there.
 */
export function useConfirmTotp({ onDone }: { onDone(answer: TotpConfirmAnswer): void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: (answer) => {
      onDone(answer);
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

export function useDisableTotp({ onDone }: { onDone(answer: MessageAnswer): void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: (answer) => {
      onDone(answer);
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** The server's QR code (an SVG document) as an image source; CSP allows data: images. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
