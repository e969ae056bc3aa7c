import type { Role } from '@pharmacy/contracts';
import type { MessageId } from '../../../i18n/messages';

/** Specification 001 §9: password minimum. */
export const MIN_PASSWORD_LENGTH = 8;
// "E-mail must look like {email}": something@something.something, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The toasts' texts (title 'Validation Error'). */
export const userFormProblems = {
  allRequired: { id: 'users.validation.allRequired' },
  passwordsDoNotMatch: { id: 'users.validation.passwordsDoNotMatch' },
  passwordTooShort: { id: 'users.validation.passwordTooShort' },
  invalidEmail: { id: 'users.validation.invalidEmail' },
  enterAndConfirm: { id: 'users.validation.enterAndConfirm' },
} as const satisfies Record<string, { id: MessageId }>;
export type UserFormProblem = (typeof userFormProblems)[keyof typeof userFormProblems];

export interface NewUserValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  password: string;
  confirmPassword: string;
}

/** Specification 001 §5, Create user, in its order; the first failure is the one the toast shows. */
export function newUserProblem(values: NewUserValues): UserFormProblem | null {
  const required = [values.firstName, values.lastName, values.email, values.password, values.confirmPassword];
  if (required.some((value) => !value.trim())) return userFormProblems.allRequired;
  if (values.password !== values.confirmPassword) return userFormProblems.passwordsDoNotMatch;
  if (values.password.length < MIN_PASSWORD_LENGTH) return userFormProblems.passwordTooShort;
  if (!EMAIL_SHAPE.test(values.email.trim())) return userFormProblems.invalidEmail;
  return null;
}

/** Specification 001 §5, Reset password. */
export function newPasswordProblem(password: string, confirmPassword: string): UserFormProblem | null {
  if (!password || !confirmPassword) return userFormProblems.enterAndConfirm;
  if (password !== confirmPassword) return userFormProblems.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return userFormProblems.passwordTooShort;
  return null;
}
