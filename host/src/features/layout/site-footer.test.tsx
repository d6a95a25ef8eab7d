import { act, render, screen } from '@testing-library/react';
import { i18n, initI18n, loadLocale } from '@portal/shared';
import { MemoryRouter } from '@portal/shared/router';
import { registerHostTexts } from '../../i18n';
import { isConsentBannerOpen, saveConsent } from '../consent/consent-choice';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  beforeAll(async () => {
    initI18n({ lng: 'en-GB' });
    await registerHostTexts();
  });

  it('should link to the accessibility statement by its shared path, and show the version', async () => {
    const view = render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(screen.getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute(
      'href',
      '/accessibility',
    );
    expect(footer).toHaveTextContent('Version 0.1.1');
    await act(async () => {
      await loadLocale('nl');
      await i18n.changeLanguage('nl');
    });
    view.rerender(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Toegankelijkheidsverklaring' })).toBeInTheDocument();
  });

  it('should open the cookie settings from the link, also when it was clicked before the app took over', async () => {
    saveConsent('denied');
    expect(isConsentBannerOpen()).toBe(false);
    window.history.replaceState(null, '', '/en/login#cookie-settings');
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(isConsentBannerOpen()).toBe(true);
    expect(window.location.hash).toBe('');
    saveConsent('granted');
    expect(isConsentBannerOpen()).toBe(false);
    act(() => screen.getByRole('link', { name: /^(Cookie settings|Cookie-instellingen)$/ }).click());
    expect(isConsentBannerOpen()).toBe(true);
    expect(window.location.hash).toBe('');
  });
});
