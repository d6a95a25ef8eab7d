import type * as ChoiceModule from './consent-choice';
import type * as StartModule from './tag-manager-consent';

// Each test starts the tag manager once, as a page does: fresh modules, so that no earlier test's
// subscriber reacts to this test's choice.
let openConsentSettings: typeof ChoiceModule.openConsentSettings;
let readConsent: typeof ChoiceModule.readConsent;
let saveConsent: typeof ChoiceModule.saveConsent;
let startTagManagerWithConsent: typeof StartModule.startTagManagerWithConsent;

beforeEach(() => {
  jest.isolateModules(() => {
    ({ openConsentSettings, readConsent, saveConsent } =
      jest.requireActual<typeof ChoiceModule>('./consent-choice'));
    ({ startTagManagerWithConsent } = jest.requireActual<typeof StartModule>('./tag-manager-consent'));
  });
});

const commands = () =>
  (window.dataLayer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === '[object Arguments]'
      ? Array.from(entry as ArrayLike<unknown>)
      : entry,
  );

describe('startTagManagerWithConsent', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    delete window.dataLayer;
    document.cookie = 'portal_consent=; Max-Age=0; Path=/';
  });

  it('should load nothing of the tag manager before the student has chosen', () => {
    expect(startTagManagerWithConsent('GTM-K4T3ST')).toBe(true);
    expect(readConsent()).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('should load nothing after a reject', () => {
    saveConsent('denied');
    startTagManagerWithConsent('GTM-K4T3ST');
    expect(document.head.querySelector('script')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('should start the tag manager the moment she accepts, and tell it a later reject', () => {
    startTagManagerWithConsent('GTM-K4T3ST');
    saveConsent('granted');
    expect(document.head.querySelector('script')?.getAttribute('src')).toContain('GTM-K4T3ST');
    expect(commands()[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);

    openConsentSettings();
    saveConsent('denied');
    expect(commands().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('should start at once for a student who accepted before', () => {
    saveConsent('granted');
    startTagManagerWithConsent('GTM-K4T3ST');
    expect(
      commands().map((entry) => (Array.isArray(entry) ? entry[1] : (entry as { event: string }).event)),
    ).toEqual(['default', 'update', 'gtm.js']);
  });

  it('should report an invalid id and load nothing', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    saveConsent('granted');
    expect(startTagManagerWithConsent('gtm-lower')).toBe(false);
    expect(document.head.querySelector('script')).toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('consent choice', () => {
  it('should keep the choice in a cookie for twelve months', () => {
    const set = jest.spyOn(document, 'cookie', 'set');
    saveConsent('denied');
    expect(set).toHaveBeenCalledWith('portal_consent=denied; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(readConsent()).toBe('denied');
    set.mockRestore();
  });
});
