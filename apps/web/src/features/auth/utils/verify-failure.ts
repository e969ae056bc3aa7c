/**
 * Specification §8: what a failed verification does to the form, read from the
 * server's message. A wrong password sends the user back to the e-mail step (the
 * whole form resets); a wrong or expired code clears only the code. Password
 * wins when a message names both, since starting over also gets a fresh code.
 */
export type VerifyFailureEffect = 'resetToEmailStep' | 'clearCode' | 'keep';

export function verifyFailureEffect(message: string): VerifyFailureEffect {
  const text = message.toLowerCase();
  if (text.includes('password')) return 'resetToEmailStep';
  if (text.includes('verification code')) return 'clearCode';
  return 'keep';
}
