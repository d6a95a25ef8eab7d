import { lazyWithTexts, registerNamespace } from '@portal/shared';
import type { ExposedPages } from '@portal/shared';
import en from '../locales/en.json';
import { keepDraftsWithSession } from '../features/claims/lib/claim-drafts';
import { removePassOnLogout } from '../features/emergency/lib/remove-pass-on-logout';

// The Dutch texts are a chunk of their own, fetched only when Dutch is used; each page waits for
// the texts of the current language as well as for its code.
const texts = registerNamespace('service', {
  en,
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl-service" */ '../locales/nl.json'),
});

// A claim draft belongs to the logged-in student: from the first page of this remote on, a logout
// (on any page) removes it from the device.
keepDraftsWithSession();
// The same for the Emergency Pass, which is on the device for use without a network.
removePassOnLogout();

/** The pages of this remote, by the key its route table (`./routes`) names them with. */
export const pages = {
  serviceContact: lazyWithTexts(texts, () =>
    import(
      /* webpackChunkName: "page-service-contact" */ '../features/service-contact/components/service-contact-page'
    ).then((m) => m.ServiceContactPage),
  ),
  faq: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-faq" */ '../features/faq/components/faq-page').then((m) => m.FaqPage),
  ),
  // Also the faq-answer route's page: with `qaId`, that answer is open.
  faqCategory: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-faq-category" */ '../features/faq/components/faq-category-page').then(
      (m) => m.FaqCategoryPage,
    ),
  ),
  contact: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-contact" */ '../features/contact/components/contact-page').then(
      (m) => m.ContactPage,
    ),
  ),
  fileClaim: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-file-claim" */ '../features/claims/components/claim-form-page').then(
      (m) => m.ClaimFormPage,
    ),
  ),
  confirmClaim: lazyWithTexts(texts, () =>
    import(
      /* webpackChunkName: "page-confirm-claim" */ '../features/claims/components/confirm-claim-page'
    ).then((m) => m.ConfirmClaimPage),
  ),
  // Also the claims/claim route's page: with `claimNumber`, that claim's details and timeline.
  claims: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-claims" */ '../features/claims/components/claims-page').then(
      (m) => m.ClaimsPage,
    ),
  ),
  accessibility: lazyWithTexts(texts, () =>
    import(
      /* webpackChunkName: "page-accessibility" */ '../features/accessibility/components/accessibility-page'
    ).then((m) => m.AccessibilityPage),
  ),
  emergency: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-emergency" */ '../features/emergency/components/emergency-page').then(
      (m) => m.EmergencyPage,
    ),
  ),
} satisfies ExposedPages;
