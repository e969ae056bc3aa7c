import { describe, expect, it } from '@jest/globals';
import { newPasswordProblem, newUserProblem, userFormProblems, type NewUserValues } from './validate-user-forms';

const valid: NewUserValues = {
  firstName: 'Sara',
  lastName: 'Nasser',
  email: 'sara@pharmacy.example',
  role: 'pharmacist',
  password: 'Secret#2026',
  confirmPassword: 'Secret#2026',
};

describe('newUserProblem', () => {
  it('accepts a complete form', () => {
    expect(newUserProblem(valid)).toBeNull();
  });

  it('requires every field first', () => {
    expect(newUserProblem({ ...valid, lastName: '  ' })).toBe(userFormProblems.allRequired);
    expect(newUserProblem({ ...valid, confirmPassword: '', email: 'bad' })).toBe(userFormProblems.allRequired);
  });

  it('then matching passwords, then their length, then the e-mail shape', () => {
    expect(newUserProblem({ ...valid, confirmPassword: 'Secret#2027' })).toBe(userFormProblems.passwordsDoNotMatch);
    expect(newUserProblem({ ...valid, password: 'short', confirmPassword: 'short' })).toBe(
      userFormProblems.passwordTooShort,
    );
    expect(newUserProblem({ ...valid, email: 'sara@pharmacy' })).toBe(userFormProblems.invalidEmail);
    expect(newUserProblem({ ...valid, email: 'sara pharmacy@x.y' })).toBe(userFormProblems.invalidEmail);
  });
});

describe('newPasswordProblem', () => {
  it('checks presence, match and length, in that order', () => {
    expect(newPasswordProblem('', 'x')).toBe(userFormProblems.enterAndConfirm);
    expect(newPasswordProblem('longenough1', 'longenough2')).toBe(userFormProblems.passwordsDoNotMatch);
    expect(newPasswordProblem('short', 'short')).toBe(userFormProblems.passwordTooShort);
    expect(newPasswordProblem('longenough', 'longenough')).toBeNull();
  });
});
