import type { ComponentType } from 'react';
import { lazyWithTexts, registerNamespace } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import en from '../locales/en.json';

// The Dutch texts are a chunk of their own, fetched only when Dutch is used; the page waits for
// the texts of the current language as well as for its code.
const texts = registerNamespace('insurance', {
  en,
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl-insurance" */ '../locales/nl.json'),
});

/** The pages the host can place on a route; keys are fixed by the host's route table. */
export const pages: Record<string, ComponentType<PageProps>> = {
  insurances: lazyWithTexts(texts, () =>
    import(/* webpackChunkName: "page-insurances" */ '../features/policies/components/insurances-page').then(
      (m) => m.InsurancesPage,
    ),
  ),
};
