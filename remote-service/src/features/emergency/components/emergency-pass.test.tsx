/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { EMERGENCY_PASS_KEY, readEmergencyPass } from '../lib/emergency-pass';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { EmergencyPage } from './emergency-page';

initI18n({ lng: 'en-GB' });
registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

const EMERGENCY = {
  title: 'Emergency abroad',
  introHtml: '<p>Stay calm.</p>',
  phone: '+31201234567',
  phoneDisplay: '+31 20 123 4567',
  whatsapp: '+31612345678',
  email: 'emergency@example.com',
  steps: [],
};
const policy = (policyNumber: string, status: string) => ({
  policyId: `id-${policyNumber}`,
  policyNumber,
  insuranceType: 'TRAVEL',
  coverage: 'Worldwide',
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  status,
});

let fetchMock: FetchMock | undefined;
afterEach(() => {
  fetchMock?.restore();
  localStorage.clear();
  useAuthStore.setState({ authenticated: false, profileId: null, username: null });
});

/** The content endpoint and the api as the page meets them; `offline` makes every call fail. */
function backend({ offline = false } = {}) {
  fetchMock = mockFetch((request) => {
    if (offline) throw new TypeError('Failed to fetch');
    const { pathname } = new URL(request.url);
    if (pathname === '/api/en/profiles/P-1001')
      return jsonResponse({ firstName: 'Anna', surname: 'de Vries' });
    if (pathname === '/api/en/profiles/P-1001/policies')
      return jsonResponse([policy('TR-1', 'ACTIVE'), policy('TR-OLD', 'EXPIRED'), { policyId: 'broken' }]);
    return jsonResponse({ data: { emergency: EMERGENCY } });
  });
}

describe('Emergency Pass', () => {
  it('should keep the pass of a logged-in student on the device and show it', async () => {
    useAuthStore.setState({ authenticated: true, profileId: 'P-1001', username: 'Anna' });
    backend();
    render(<EmergencyPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep on this device' }));

    const region = await screen.findByRole('region', { name: 'Emergency Pass' });
    expect(await screen.findByText('TR-1')).toBeInTheDocument();
    // Ended policies are no help abroad, and one the portal cannot read is left out.
    expect(screen.queryByText('TR-OLD')).toBeNull();
    expect(region).toHaveTextContent('Anna de Vries');
    expect(region).toHaveTextContent(/Saved on \d+ \w+ \d{4}/);
    // No service worker in this browser: the pass is kept, and the student is told the page may not be.
    expect(screen.getByRole('status')).toHaveTextContent('This browser cannot keep the page');
    expect(readEmergencyPass()).toMatchObject({
      profileId: 'P-1001',
      name: 'Anna de Vries',
      policies: [{ number: 'TR-1', insuranceType: 'travel', coverage: 'Worldwide' }],
      emergency: { phone: '+31201234567', phoneDisplay: '+31 20 123 4567' },
    });
    expect(JSON.parse(localStorage.getItem(EMERGENCY_PASS_KEY) ?? '{}')).not.toHaveProperty(
      'emergency.introHtml',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove from this device' }));
    expect(readEmergencyPass()).toBeNull();
    expect(screen.queryByText('TR-1')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your Emergency Pass has been removed from this device.',
    );
  });

  it("should not show another student's pass, and remove it", async () => {
    localStorage.setItem(
      EMERGENCY_PASS_KEY,
      JSON.stringify({
        version: 1,
        savedAt: '2026-11-20T09:30:00.000Z',
        profileId: 'P-1003',
        name: 'Chen Li',
        policies: [],
        emergency: {
          phone: '+31201234567',
          phoneDisplay: '+31 20 123 4567',
          whatsapp: '+316',
          email: 'e@example.com',
        },
      }),
    );
    useAuthStore.setState({ authenticated: true, profileId: 'P-1001', username: 'Anna' });
    backend();
    render(<EmergencyPage />);
    expect(await screen.findByRole('button', { name: 'Keep on this device' })).toBeInTheDocument();
    expect(screen.queryByText('Chen Li')).toBeNull();
    expect(readEmergencyPass()).toBeNull();
  });
});
