/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import { registerNamespace } from '@portal/shared';
import { renderWithProviders } from '@portal/testing';

import en from '../../../locales/en.json';
import { ServiceContactPage } from './service-contact-page';

registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

describe('ServiceContactPage', () => {
  it('should introduce the service pages and link to each of them', () => {
    renderWithProviders(<ServiceContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Service & Contact' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute(
      'href',
      '/service-contact/faq',
    );
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/service-contact/contact',
    );
    expect(screen.getByRole('link', { name: 'Emergency' })).toHaveAttribute(
      'href',
      '/service-contact/emergency',
    );
    expect(screen.getByRole('link', { name: 'File a claim' })).toHaveAttribute(
      'href',
      '/service-contact/file-a-claim',
    );
  });
});
