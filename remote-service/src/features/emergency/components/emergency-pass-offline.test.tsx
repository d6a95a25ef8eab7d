/** @jest-environment jest-fixed-jsdom */
// A file of its own: the content client keeps answers, and here the content must never have arrived.
import { render, screen } from '@testing-library/react';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { EMERGENCY_PASS_KEY } from '../lib/emergency-pass';
import { mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { EmergencyPage } from './emergency-page';

initI18n({ lng: 'en-GB' });
registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
  useAuthStore.setState({ authenticated: false, profileId: null, username: null });
});

describe('Emergency Pass without a network', () => {
  it('should show the kept pass without a network, with the 24/7 number, to anyone holding the device', async () => {
    localStorage.setItem(
      EMERGENCY_PASS_KEY,
      JSON.stringify({
        version: 1,
        savedAt: '2026-11-20T09:30:00.000Z',
        profileId: 'P-1001',
        name: 'Anna de Vries',
        policies: [
          {
            number: 'TR-1',
            insuranceType: 'health',
            coverage: 'Basic',
            startDate: '2026-01-01',
            endDate: '2027-01-01',
          },
        ],
        emergency: {
          phone: '+31201234567',
          phoneDisplay: '+31 20 123 4567',
          whatsapp: '+316',
          email: 'e@example.com',
        },
      }),
    );
    fetchMock = mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    render(<EmergencyPage />);
    expect(await screen.findByText(/^You are offline\./)).toHaveAttribute('role', 'status');
    expect(screen.getByText('TR-1')).toBeInTheDocument();
    expect(screen.getByText('Health insurance')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+31 20 123 4567' })).toHaveAttribute('href', 'tel:+31201234567');
    expect(screen.getByText(/Saved on 20 Nov 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep on this device' })).toBeNull();
  });
});
