/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import { registerNamespace } from '@portal/shared';
import { renderWithProviders } from '@portal/testing';

import en from '../../../locales/en.json';
import { AccessibilityPage } from './accessibility-page';

registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

describe('AccessibilityPage', () => {
  it('should state the standard, the checks, the known exceptions and how to report a problem', () => {
    renderWithProviders(<AccessibilityPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
    expect(screen.getByText(/WCAG\) 2\.2 at level AA/)).toBeInTheDocument();
    expect(screen.getByText(/axe-core checks every page/)).toBeInTheDocument();
    expect(screen.getByText(/main tasks, .* with the keyboard only/)).toBeInTheDocument();
    const exceptions = screen.getByRole('region', { name: 'Known exceptions' });
    expect(exceptions).toHaveTextContent(/PDF documents/);
    expect(exceptions).toHaveTextContent(/content system/);
    expect(exceptions).toHaveTextContent(/Dutch version is partial/);
    expect(screen.getByRole('link', { name: 'Report a problem through the contact form' })).toHaveAttribute(
      'href',
      '/service-contact/contact',
    );
  });
});
