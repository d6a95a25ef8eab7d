import { lazyWithTexts, registerNamespace } from '@portal/shared';
import type { ExposedPages } from '@portal/shared';
import en from '../locales/en.json';

// The Dutch texts are a chunk of their own, fetched only when Dutch is used; each page waits for
// the texts of the current language as well as for its code.
const texts = registerNamespace('account', {
  en,
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl-account" */ '../locales/nl.json'),
});

/** The pages of this remote, by the key its route table (`./routes`) names them with. */
export const pages = {
  login: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-login" */ '../features/login/components/login-page').then(
      (m) => m.LoginPage,
    ),
  ),
  resetPassword: lazyWithTexts(texts, () =>
    import(
      /* webpackChunkName: "page-reset-password" */ '../features/reset-password/components/reset-password-page'
    ).then((m) => m.ResetPasswordPage),
  ),
  activate: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-activate" */ '../features/activation/components/activate-page').then(
      (m) => m.ActivatePage,
    ),
  ),
  profile: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-profile" */ '../features/profile/components/profile-page').then((m) =>
      m.withProfileTexts(m.ProfilePage),
    ),
  ),
  confirmEmail: lazyWithTexts(texts, () =>
    import(
      /* webpackChunkName: "page-confirm-email" */ '../features/confirm-email/components/confirm-email-page'
    ).then((m) => m.withProfileTexts(m.ConfirmEmailPage)),
  ),
} satisfies ExposedPages;
