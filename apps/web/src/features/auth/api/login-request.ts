import { loginRequestAnswerSchema, type LoginRequestAnswer } from '@pharmacy/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** Step 1: the server e-mails a one-time code and answers with the id step 2 needs. */
export async function requestLoginCode(email: string): Promise<LoginRequestAnswer> {
  const response = await apiRequest('POST', '/api/auth/login-request', { email });
  return loginRequestAnswerSchema.parse(await response.json());
}

export function useLoginRequest() {
  return useMutation({ mutationFn: requestLoginCode });
}
