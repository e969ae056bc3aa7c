import { describe, expect, it } from '@jest/globals';
import { verifyFailureEffect } from './verify-failure';

describe('verifyFailureEffect', () => {
  it('clears the code when the message is about the verification code', () => {
    expect(verifyFailureEffect('Invalid or expired verification code')).toBe('clearCode');
    expect(verifyFailureEffect('Verification code expired. Request a new one.')).toBe('clearCode');
  });

  it('starts over from the e-mail step when the message is about the password', () => {
    expect(verifyFailureEffect('Invalid password')).toBe('resetToEmailStep');
    expect(verifyFailureEffect('Invalid password or verification code')).toBe('resetToEmailStep');
  });

  it('leaves the form alone otherwise', () => {
    expect(verifyFailureEffect('Too many attempts, try again later')).toBe('keep');
  });
});
