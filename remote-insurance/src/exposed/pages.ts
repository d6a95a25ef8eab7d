import { lazyWithTexts, registerNamespace } from '@portal/shared';
import type { ExposedPages } from '@portal/shared';
import en from '../locales/en.json';

// The Dutch texts are a chunk of their own, fetched only when Dutch is used; the page waits for
// the texts of the current language as well as for its code.
const texts = registerNamespace('insurance', {
  en,
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl-insurance" */ '../locales/nl.json'),
});

/**
 * A page of the flows, once its texts are there too: they are a namespace of their own
 * (`src/lib/flow-texts.ts`), fetched with the page and not with this module.
 */
function withFlowTexts<Page>(page: Promise<Page>): Promise<Page> {
  return Promise.all([page, import('../lib/flow-texts')]).then(([loaded, texts]) =>
    texts.withFlowTexts(loaded),
  );
}

/** The pages of this remote, by the key its route table (`./routes`) names them with. */
export const pages = {
  insurances: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-insurances" */ '../features/policies/components/insurances-page').then(
      (m) => m.InsurancesPage,
    ),
  ),
  renew: lazyWithTexts(texts, () =>
    withFlowTexts(
      import(/* webpackChunkName: "page-renew" */ '../features/renew/components/renew-page').then(
        (m) => m.RenewPage,
      ),
    ),
  ),
  terminate: lazyWithTexts(texts, () =>
    withFlowTexts(
      import(/* webpackChunkName: "page-terminate" */ '../features/terminate/components/terminate-page').then(
        (m) => m.TerminatePage,
      ),
    ),
  ),
  startDate: lazyWithTexts(texts, () =>
    withFlowTexts(
      import(
        /* webpackChunkName: "page-start-date" */ '../features/start-date/components/start-date-page'
      ).then((m) => m.StartDatePage),
    ),
  ),
  address: lazyWithTexts(texts, () =>
    withFlowTexts(
      import(/* webpackChunkName: "page-address" */ '../features/address/components/address-page').then(
        (m) => m.AddressPage,
      ),
    ),
  ),
  request: lazyWithTexts(texts, () =>
    withFlowTexts(
      import(/* webpackChunkName: "page-request" */ '../features/request/components/request-page').then(
        (m) => m.RequestPage,
      ),
    ),
  ),
  verify: lazyWithTexts(texts, () =>
    withFlowTexts(
      import(/* webpackChunkName: "page-verify" */ '../features/verify/components/verify-page').then(
        (m) => m.VerifyPage,
      ),
    ),
  ),
} satisfies ExposedPages;
