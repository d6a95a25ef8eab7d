import { act, renderHook } from '@testing-library/react';

import { VALIDATION_CODES } from '@portal/contract/validation';
import { i18n, initI18n, localeReady, registerNamespace } from './init-i18n';
import type { CommonKey } from './keys';
import { contentLanguage, isLocale, LOCALE_STORAGE_KEY } from './locales';
import en from './locales/en.json';
import nl from './locales/nl.json';
import { useLocale } from './use-locale';

function leafKeys(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string'
      ? [`${prefix}${key}`]
      : leafKeys(child as Record<string, unknown>, `${prefix}${key}.`),
  );
}

// A visitor whose stored choice is Dutch (the English start is in namespaces.test.tsx).
describe('i18n', () => {
  const earlyNl = jest.fn(async () => ({ hello: 'Hallo' }));
  let earlyReady: Promise<void>;
  let ready: Promise<void>;

  beforeAll(() => {
    earlyReady = registerNamespace('early', { en: { hello: 'Hello' }, nl: earlyNl });
    localStorage.setItem(LOCALE_STORAGE_KEY, 'nl');
    initI18n();
    // Before anything else can run: the Dutch texts are being fetched at once.
    expect(earlyNl).toHaveBeenCalledTimes(1);
    ready = localeReady();
  });

  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-GB'));
  });

  // First: the other tests end in English.
  it('should start in the stored language and have its texts once localeReady resolves', async () => {
    expect(i18n.language).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    // The host server paints a page's prerendered frame in the language this cookie names.
    expect(document.cookie).toContain(`${LOCALE_STORAGE_KEY}=nl`);
    await ready;
    expect(i18n.t('early:hello')).toBe('Hallo');
    expect(i18n.t('validation.required')).toBe('Dit veld is verplicht.');
    await expect(earlyReady).resolves.toBeUndefined();
    const { result } = renderHook(() => useLocale());
    expect(result.current.locale).toBe('nl');
  });

  it('should return the same instance when called again', () => {
    expect(initI18n({ lng: 'en-GB' })).toBe(i18n);
  });

  it.each(['en-GB', 'nl'])('should have a %s text for every validation code', async (lng) => {
    await ready;
    const missing = VALIDATION_CODES.filter(
      (code) => typeof i18n.getResource(lng, 'common', code) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  it('should have every English key in Dutch too', () => {
    expect(leafKeys(nl).sort()).toEqual(leafKeys(en).sort());
  });

  it('should have the docs/requirements.md §8 login and service texts', async () => {
    await i18n.changeLanguage('en-GB');
    const typedKeys: CommonKey[] = [
      'CommonError.title',
      'LoginForm.errors.blocked',
      'validation.email.notSame',
    ];
    expect(typedKeys.map((key) => i18n.exists(key))).toEqual([true, true, true]);
    expect(i18n.t('LoginForm.errors.failed')).toBe('Username and/or password invalid.');
    expect(i18n.t('errors.serviceUnavailable')).toBe(
      'Service unavailable: We are unable to process your request at the moment, please try again later.',
    );
    expect(i18n.t('CommonError.message', { iId: 'INC-1' })).toContain('INC-1');
    expect(i18n.t('validation.maxLength', { max: 35 })).toBe('Enter at most 35 characters.');
    expect(i18n.t('validation.email.notSame')).toBe('E-mail is not the same.');
    expect(i18n.t('validation.email')).toBe('Enter a valid e-mail address.');
  });

  it('should register namespaces before and after initialisation and fall back to English', async () => {
    await ready;
    await registerNamespace('late', {
      en: { bye: 'Goodbye', only: 'Only English' },
      nl: async () => ({ default: { bye: 'Dag' } }),
    });
    await i18n.changeLanguage('nl');
    expect(i18n.t('early:hello')).toBe('Hallo');
    expect(i18n.t('late:bye')).toBe('Dag');
    expect(i18n.t('late:only')).toBe('Only English');
    // A remote namespace reaches the shared texts without a prefix.
    expect(i18n.t('validation.required', { ns: 'late' })).toBe('Dit veld is verplicht.');
  });

  it('should map interface locales to content languages', () => {
    expect(contentLanguage('en-GB')).toBe('en');
    expect(contentLanguage('nl')).toBe('nl');
    expect(contentLanguage('fr')).toBe('en');
    expect(isLocale('nl')).toBe(true);
    expect(isLocale('en')).toBe(false);
  });

  it('should switch and remember the locale with useLocale', async () => {
    const { result } = renderHook(() => useLocale());
    expect(result.current.locale).toBe('en-GB');
    await act(() => result.current.setLocale('nl'));
    expect(result.current.locale).toBe('nl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(document.cookie).toContain(`${LOCALE_STORAGE_KEY}=nl`);
    await act(() => result.current.setLocale('en-GB'));
    expect(document.cookie).toContain(`${LOCALE_STORAGE_KEY}=en-GB`);
  });
});
