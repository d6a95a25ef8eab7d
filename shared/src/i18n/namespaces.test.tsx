import { act, render, renderHook, screen } from '@testing-library/react';
import { useTranslation } from '@portal/shared/react-i18next';

import { i18n, initI18n, loadLocale, localeReady, registerNamespace } from './init-i18n';
import type { NamespaceTexts } from './init-i18n';
import { LOCALE_STORAGE_KEY } from './locales';
import type { Locale } from './locales';
import { useLocale } from './use-locale';

// Counts the requests for the shared Dutch texts (the module is evaluated when it is fetched).
const mockCommonNlFetched = jest.fn();
jest.mock('./locales/nl.json', () => {
  mockCommonNlFetched();
  return jest.requireActual('./locales/nl.json');
});

/** A promise to settle by hand, for a loader that is still on its way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Greeting({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  return <p>{t('greeting')}</p>;
}

// A visitor who starts in English (the stored-Dutch start is in i18n.test.tsx). The tests build on
// each other: the namespaces registered stay registered.
describe('loading a language on demand', () => {
  const accountNl = jest.fn(async () => ({ default: { title: 'Inloggen' } }));

  beforeAll(() => {
    registerNamespace('account', { en: { title: 'Log in' }, nl: accountNl });
    initI18n();
  });

  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-GB'));
    localStorage.clear();
  });

  it('should not fetch any Dutch texts for an English visitor', async () => {
    await localeReady();
    await loadLocale('en-GB');
    expect(i18n.language).toBe('en-GB');
    expect(i18n.t('account:title')).toBe('Log in');
    expect(accountNl).not.toHaveBeenCalled();
    expect(mockCommonNlFetched).not.toHaveBeenCalled();
    expect(i18n.hasResourceBundle('nl', 'common')).toBe(false);
  });

  it('should load a language once for concurrent callers, then switch with useLocale', async () => {
    const { result } = renderHook(() => useLocale());
    const first = loadLocale('nl');
    const second = loadLocale('nl');
    await act(() => Promise.all([first, second]));
    expect(accountNl).toHaveBeenCalledTimes(1);
    expect(mockCommonNlFetched).toHaveBeenCalledTimes(1);
    // Loaded, but not switched to: that is up to setLocale.
    expect(i18n.language).toBe('en-GB');

    await act(() => result.current.setLocale('nl'));
    expect(accountNl).toHaveBeenCalledTimes(1);
    expect(result.current.locale).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('nl');
    expect(i18n.t('account:title')).toBe('Inloggen');
    expect(i18n.t('validation.required')).toBe('Dit veld is verplicht.');
  });

  it('should fetch before it switches, so that no English shows in between', async () => {
    const arriving = deferred<NamespaceTexts>();
    registerNamespace('billing', { en: { greeting: 'Your invoices' }, nl: () => arriving.promise });
    const { result } = renderHook(() => useLocale());
    let switched = false;
    let switching: Promise<void> = Promise.resolve();
    act(() => {
      switching = result.current.setLocale('nl').then(() => {
        switched = true;
      });
    });
    await act(async () => undefined);
    expect(switched).toBe(false);
    expect(i18n.language).toBe('en-GB');
    expect(document.documentElement.lang).toBe('en-GB');

    arriving.resolve({ greeting: 'Uw facturen' });
    await act(() => switching);
    expect(i18n.language).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(i18n.t('billing:greeting')).toBe('Uw facturen');
  });

  it('should keep English and report when the Dutch texts cannot be fetched, and try again later', async () => {
    const insuranceNl = jest
      .fn<Promise<NamespaceTexts>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk on-demand-locale-nl-insurance failed.'))
      .mockResolvedValue({ greeting: 'Mijn verzekering' });
    registerNamespace('insurance', { en: { greeting: 'My insurance' }, nl: insuranceNl });
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en-GB');
    const { result } = renderHook(() => useLocale());

    await act(() =>
      expect(result.current.setLocale('nl')).rejects.toThrow(
        'Loading chunk on-demand-locale-nl-insurance failed.',
      ),
    );
    expect(i18n.language).toBe('en-GB');
    expect(result.current.locale).toBe('en-GB');
    expect(document.documentElement.lang).toBe('en-GB');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-GB');
    expect(i18n.t('insurance:greeting')).toBe('My insurance');

    // The failure is not remembered: the next attempt fetches again.
    await act(() => result.current.setLocale('nl'));
    expect(insuranceNl).toHaveBeenCalledTimes(2);
    expect(result.current.locale).toBe('nl');
    expect(i18n.t('insurance:greeting')).toBe('Mijn verzekering');
  });

  it('should let the latest choice win when the user switches back while Dutch loads', async () => {
    const arriving = deferred<NamespaceTexts>();
    const serviceNl = jest
      .fn<Promise<NamespaceTexts>, []>()
      .mockReturnValueOnce(arriving.promise)
      .mockResolvedValue({ greeting: 'Service' });
    registerNamespace('service', { en: { greeting: 'Service' }, nl: serviceNl });
    const { result } = renderHook(() => useLocale());
    let toDutch: Promise<void> = Promise.resolve();
    act(() => {
      toDutch = result.current.setLocale('nl');
    });
    await act(() => result.current.setLocale('en-GB'));
    arriving.reject(new Error('Loading chunk failed.'));
    // The abandoned switch neither switches nor reports.
    await act(() => toDutch);
    expect(result.current.locale).toBe('en-GB');
  });

  it('should load a namespace registered while Dutch is on, and re-render when its texts arrive', async () => {
    await act(() => loadLocale('nl').then(() => i18n.changeLanguage('nl')));
    const arriving = deferred<NamespaceTexts>();
    const claimsNl = jest.fn(() => arriving.promise);
    let ready: Promise<void> = Promise.resolve();
    let done = false;
    act(() => {
      ready = registerNamespace('claims', { en: { greeting: 'Claims' }, nl: claimsNl });
      void ready.then(() => {
        done = true;
      });
    });
    expect(claimsNl).toHaveBeenCalledTimes(1);
    render(<Greeting ns="claims" />);
    expect(screen.getByText('Claims')).toBeInTheDocument();
    await act(async () => undefined);
    expect(done).toBe(false);

    arriving.resolve({ greeting: 'Declaraties' });
    await act(() => ready);
    expect(done).toBe(true);
    expect(screen.getByText('Declaraties')).toBeInTheDocument();
    await expect(localeReady()).resolves.toBeUndefined();
    expect(claimsNl).toHaveBeenCalledTimes(1);
  });

  it('should reject a registration whose Dutch texts fail while Dutch is on', async () => {
    await act(() => i18n.changeLanguage('nl'));
    const profileNl = jest
      .fn<Promise<NamespaceTexts>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk failed.'))
      .mockRejectedValueOnce(new Error('Loading chunk failed again.'))
      .mockResolvedValue({ greeting: 'Profiel' });
    const failing = registerNamespace('profile', { en: { greeting: 'Profile' }, nl: profileNl });
    await expect(failing).rejects.toThrow('Loading chunk failed.');
    expect(i18n.t('profile:greeting')).toBe('Profile');
    await expect(localeReady()).rejects.toThrow('Loading chunk failed again.');
    await act(() => localeReady());
    expect(i18n.t('profile:greeting')).toBe('Profiel');
    expect(profileNl).toHaveBeenCalledTimes(3);
  });

  it('should refuse a language it does not know and texts that are not an object', async () => {
    await expect(loadLocale('fr' as Locale)).rejects.toThrow(
      'Unsupported language "fr": use one of en-GB, nl.',
    );
    const broken = registerNamespace('broken', { en: {}, nl: async () => ({ default: 'oops' }) });
    await expect(loadLocale('nl')).rejects.toThrow('The nl texts of "broken" are not an object of texts.');
    await expect(broken).resolves.toBeUndefined();
  });
});
