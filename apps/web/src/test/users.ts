import type { CurrentUser, PharmacySummary } from '@pharmacy/contracts';

// Small factories for the signed-in user and the pharmacies the sign-in screens show.

export const downtown: PharmacySummary = {
  id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01',
  name: 'Downtown Pharmacy',
  nameAr: 'صيدلية وسط البلد',
  address: '12 King Faisal Street, Amman',
  addressAr: '١٢ شارع الملك فيصل، عمّان',
};

export const abdoun: PharmacySummary = {
  id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02',
  name: 'Abdoun Branch',
  nameAr: null,
  address: '45 Cairo Street, Abdoun',
  addressAr: null,
};

export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '0f6a7c2e-1111-4a4a-8b8b-000000000001',
    email: 'sara@pharmacy.example',
    username: null,
    firstName: 'Sara',
    lastName: 'Haddad',
    phone: null,
    role: 'admin',
    profileImageUrl: null,
    currentPharmacyId: downtown.id,
    currentPharmacy: downtown,
    pharmacies: [downtown, abdoun],
    defaultPharmacyId: null,
    totpEnabled: false,
    ...overrides,
  };
}

export const unauthorizedBody = { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };
