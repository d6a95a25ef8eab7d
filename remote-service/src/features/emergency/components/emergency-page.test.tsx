/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import { initI18n, registerNamespace } from '@portal/shared';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { EmergencyPage } from './emergency-page';

initI18n({ lng: 'en-GB' });
registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

describe('EmergencyPage', () => {
  it('should render the emergency content with its contact links', async () => {
    fetchMock = mockFetch(() =>
      jsonResponse({
        data: {
          emergency: {
            title: 'Emergency abroad',
            introHtml: '<p>Stay calm.</p><script>window.hacked = true</script>',
            phone: '+31201234567',
            phoneDisplay: '+31 20 123 4567',
            whatsapp: '+31612345678',
            email: 'emergency@example.com',
            steps: [{ title: 'Call us', bodyHtml: '<p>Any time, day or night.</p>' }],
          },
        },
      }),
    );
    render(<EmergencyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Emergency abroad' })).toBeInTheDocument();
    const body = (await fetchMock.requests[0]?.json()) as { operationName?: string; variables: unknown };
    expect(body.variables).toEqual({ lang: 'en' });
    expect(await screen.findByText('Stay calm.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: '+31 20 123 4567' })).toHaveAttribute('href', 'tel:+31201234567');
    expect(screen.getByRole('link', { name: 'emergency@example.com' })).toHaveAttribute(
      'href',
      'mailto:emergency@example.com',
    );
    // It opens a new window, which screen-reader users hear from the link name.
    const whatsapp = screen.getByRole('link', { name: '+31612345678 (opens in a new window)' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/31612345678');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('heading', { level: 3, name: 'Call us' })).toBeInTheDocument();
    expect(screen.getByText('Any time, day or night.')).toBeInTheDocument();
  });
});
