import { Injectable } from '@nestjs/common';
import { DomainError } from '@pharmacy/domain';
import { IdentityService } from '../identity/identity.service';
import type { Principal } from './access/access';

export const pharmacyForbidden = () =>
  new DomainError('PHARMACY_FORBIDDEN', 'You do not have access to this pharmacy.');

/**
 * Which pharmacies a caller may read or change. Administrators: all of them.
 * Auditors: read all of them, change none. Pharmacists: their active assignments; asking for another pharmacy is a 403,
 * and without a `pharmacyId` they see only their own.
 */
@Injectable()
export class PharmacyScope {
  constructor(private readonly identity: IdentityService) {}

  /** `'all'` or the list of pharmacy ids a read covers. */
  async readable(principal: Principal, requested: string | null | undefined): Promise<'all' | string[]> {
    if (principal.role === 'admin' || principal.role === 'auditor') return requested ? [requested] : 'all';
    const allowed = (await this.identity.allowedPharmacies(principal.user)).map((p) => p.id);
    if (requested) {
      if (!allowed.includes(requested)) throw pharmacyForbidden();
      return [requested];
    }
    return allowed;
  }

  /** Whether the caller may read this pharmacy's records: auditors read every pharmacy's, as administrators do. */
  async mayRead(principal: Principal, pharmacyId: string): Promise<boolean> {
    const scope = await this.readable(principal, null);
    return scope === 'all' || scope.includes(pharmacyId);
  }

  async assertReadable(principal: Principal, pharmacyId: string): Promise<void> {
    if (!(await this.mayRead(principal, pharmacyId))) throw pharmacyForbidden();
  }

  async mayWrite(principal: Principal, pharmacyId: string): Promise<boolean> {
    if (principal.role === 'admin') return true;
    if (principal.role === 'auditor') return false;
    const allowed = await this.identity.allowedPharmacies(principal.user);
    return allowed.some((p) => p.id === pharmacyId);
  }

  async assertWritable(principal: Principal, pharmacyId: string): Promise<void> {
    if (!(await this.mayWrite(principal, pharmacyId))) throw pharmacyForbidden();
  }
}
