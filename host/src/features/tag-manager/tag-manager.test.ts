import { isValidGtmId } from '../../app/runtime-config-shape';
import { contentViewEvent, installTagManager, trackContentView } from './tag-manager';

describe('isValidGtmId', () => {
  it('should accept GTM- followed by uppercase letters and digits only', () => {
    expect(isValidGtmId('GTM-AB12CD')).toBe(true);
    expect(isValidGtmId('GTM-ab12')).toBe(false);
    expect(isValidGtmId('GTM-')).toBe(false);
    expect(isValidGtmId('UA-1234')).toBe(false);
    expect(isValidGtmId('GTM-AB12"><script>')).toBe(false);
    expect(isValidGtmId(undefined)).toBe(false);
  });
});

describe('installTagManager', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    delete window.dataLayer;
  });

  it('should add the gtm.js script element with the id in its src', () => {
    expect(installTagManager('GTM-K4T3ST')).toBe(true);
    const script = document.head.querySelector('script');
    expect(script?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-K4T3ST');
    expect(script?.textContent).toBe('');
    const layer = (window.dataLayer ?? []).map((entry) =>
      typeof entry === 'object' && entry !== null && 'length' in entry
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    );
    // Consent Mode v2: everything denied by default, then analytics granted (and nothing for ads),
    // before the tag manager's own start event.
    expect(layer).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
        },
      ],
      ['consent', 'update', { analytics_storage: 'granted' }],
      expect.objectContaining({ event: 'gtm.js' }),
    ]);
    // gtag commands must be `arguments` objects: the tag manager ignores arrays as commands.
    expect(Object.prototype.toString.call(window.dataLayer?.[0])).toBe('[object Arguments]');
  });

  it('should add nothing without a valid id', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(installTagManager(null)).toBe(false);
    expect(installTagManager('gtm-lower')).toBe(false);
    expect(document.head.querySelector('script')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('content-view events', () => {
  beforeEach(() => {
    delete window.dataLayer;
  });

  it('should report the route name, or the gtm string when the route has one', () => {
    trackContentView({ name: 'service-contact/faq' });
    trackContentView({ name: 'insurances', gtm: 'my-insurance' });
    expect(window.dataLayer).toEqual([
      { event: 'content-view', page: 'service-contact/faq' },
      { event: 'content-view', page: 'my-insurance' },
    ]);
  });

  it('should skip unnamed and ignored routes', () => {
    expect(contentViewEvent(undefined)).toBeNull();
    expect(contentViewEvent({})).toBeNull();
    expect(contentViewEvent({ name: 'demo-pages-test' })).toBeNull();
    trackContentView({});
    trackContentView({ name: 'demo-pages-test' });
    expect(window.dataLayer).toBeUndefined();
  });
});
