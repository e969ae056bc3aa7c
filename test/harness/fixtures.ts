/** The demo locations every seeded test server has (ids fixed by apps/api/src/seed/demo-data.ts). */
export const demoPharmacyIds: Readonly<Record<'downtown' | 'abdoun' | 'irbid', string>> = {
  downtown: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a01',
  abdoun: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a02',
  /** Inactive. */
  irbid: '5b0f2c1e-7a61-4f8e-9a3b-1d2c3e4f5a03',
};

/** A calendar date (YYYY-MM-DD, UTC) this many days from today. */
export function isoDaysFromNow(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let sequence = 0;
/** A value no other test run or test uses (SKUs, batch numbers, keys). */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;
