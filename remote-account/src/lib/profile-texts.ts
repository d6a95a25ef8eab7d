import { registerNamespace } from '@portal/shared';

import en from '../locales/profile/en.json';

/** The namespace of the Profile and e-mail confirmation pages. */
export const PROFILE_NAMESPACE = 'account-profile';

/**
 * The texts of the Profile and e-mail confirmation pages, in a namespace of their own: the English
 * ones travel with these pages' code, not with the login page that every student loads first.
 * Resolves once the texts of the current language are there.
 */
export const profileTexts = registerNamespace(PROFILE_NAMESPACE, {
  en,
  nl: () =>
    import(/* webpackChunkName: "on-demand-locale-nl-account-profile" */ '../locales/profile/nl.json'),
});

/**
 * Resolves to `page` once the texts are there, so that a Dutch visitor never sees English first;
 * texts that cannot be fetched are logged and the page shows in English (as `lazyWithTexts` does).
 */
export function withProfileTexts<T>(page: T): Promise<T> {
  return profileTexts.then(
    () => page,
    (error: unknown) => {
      console.error('The profile texts could not be loaded; showing the English ones.', error);
      return page;
    },
  );
}
