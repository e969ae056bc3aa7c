import type { PassportStatic } from 'passport';
import type { Role } from '@pharmacy/contracts';

/** The signed-in user as the server sees it on each request (loaded fresh, so role changes apply at once). */
export interface SessionUser {
  id: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: Role;
  profileImageUrl: string | null;
  defaultPharmacyId: string | null;
  totpEnabled: boolean;
}

export const IDENTITY_OPTIONS = Symbol('IdentityOptions');

export interface IdentityOptions {
  /** Keys the one-time-code hashes (the session secret). */
  secret: string;
  otpTtlMs: number;
  maxOtpAttempts: number;
  maxFailedSignIns: number;
  lockoutMs: number;
}

export const defaultIdentityOptions: Omit<IdentityOptions, 'secret'> = {
  otpTtlMs: 10 * 60 * 1000,
  maxOtpAttempts: 5,
  maxFailedSignIns: 5,
  lockoutMs: 15 * 60 * 1000,
};

/** The passport instance of one server (not the module-wide singleton: tests run several servers in one process). */
export const AUTHENTICATOR = Symbol('Authenticator');
export type PassportInstance = InstanceType<PassportStatic['Authenticator']>;
