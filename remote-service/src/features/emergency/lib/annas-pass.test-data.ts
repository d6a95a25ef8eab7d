import type { EmergencyPass } from './emergency-pass';

/** Anna's pass as the emergency page saves it, for the tests of the pass and of its removal. */
export const ANNAS_PASS: EmergencyPass = {
  version: 1,
  savedAt: '2026-11-23T10:00:00.000Z',
  profileId: 'P-1001',
  name: 'Anna de Vries',
  policies: [
    {
      number: 'TR-1001',
      insuranceType: 'travel',
      coverage: 'Worldwide',
      startDate: '2026-01-01',
      endDate: '2027-01-01',
    },
  ],
  emergency: {
    phone: '+31201234567',
    phoneDisplay: '+31 20 123 4567',
    whatsapp: '+31612345678',
    email: 'sos@example.com',
  },
};
