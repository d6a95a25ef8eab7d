import { lazyWithTexts, registerNamespace } from '@portal/shared';
import type { ExposedPages } from '@portal/shared';
import en from '../locales/en.json';

// The Dutch texts are a chunk of their own, fetched only when Dutch is used; the page waits for
// the texts of the current language as well as for its code.
const texts = registerNamespace('billing', {
  en,
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl-billing" */ '../locales/nl.json'),
});

/** The pages of this remote, by the key its route table (`./routes`) names them with. */
export const pages = {
  invoices: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-invoices" */ '../features/invoices/components/invoices-page').then(
      (m) => m.InvoicesPage,
    ),
  ),
} satisfies ExposedPages;
