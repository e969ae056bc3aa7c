import type { PharmacyInput } from '@pharmacy/contracts';

/** Demo locations for a first run, in English and Arabic. Ids are fixed so seeding twice changes nothing. */
export const demoPharmacies: Array<{ id: string } & Omit<PharmacyInput, 'version'>> = [
  {
    id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01',
    name: 'Al-Shifa Pharmacy — Downtown',
    nameAr: 'صيدلية الشفاء — وسط البلد',
    address: '12 King Faisal Street, Downtown, Amman',
    addressAr: '١٢ شارع الملك فيصل، وسط البلد، عمّان',
    phone: '+962 6 463 1200',
    email: 'downtown@alshifa.example',
    managerId: null,
    isActive: true,
  },
  {
    id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02',
    name: 'Al-Shifa Pharmacy — Abdoun',
    nameAr: 'صيدلية الشفاء — عبدون',
    address: '45 Cairo Street, Abdoun, Amman',
    addressAr: '٤٥ شارع القاهرة، عبدون، عمّان',
    phone: '+962 6 592 4410',
    email: 'abdoun@alshifa.example',
    managerId: null,
    isActive: true,
  },
  {
    id: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a03',
    name: 'Al-Shifa Pharmacy — Irbid',
    nameAr: 'صيدلية الشفاء — إربد',
    address: '8 University Street, Irbid',
    addressAr: '٨ شارع الجامعة، إربد',
    phone: '+962 2 727 1150',
    email: 'irbid@alshifa.example',
    managerId: null,
    isActive: false,
  },
];

/** Demo accounts, printed at start-up. Sign-in codes go to DATA_DIR/outbox.log when there is no SMTP_URL. */
export const demoUsers = [
  {
    email: 'admin@pharmacy.example',
    password: 'Admin#2026',
    firstName: 'Sara',
    lastName: 'Haddad',
    role: 'admin' as const,
    pharmacies: [] as string[],
  },
  {
    email: 'layla@pharmacy.example',
    password: 'Pharma#2026',
    firstName: 'Layla',
    lastName: 'Nasser',
    role: 'pharmacist' as const,
    pharmacies: ['5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01'],
  },
  {
    email: 'omar@pharmacy.example',
    password: 'Pharma#2026',
    firstName: 'Omar',
    lastName: 'Khalil',
    role: 'pharmacist' as const,
    pharmacies: ['5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01', '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02'],
  },
  {
    email: 'auditor@pharmacy.example',
    password: 'Audit#2026',
    firstName: 'Rami',
    lastName: 'Saleh',
    role: 'auditor' as const,
    pharmacies: [] as string[],
  },
];
