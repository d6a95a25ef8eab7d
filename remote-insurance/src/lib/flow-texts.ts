import { registerNamespace } from '@portal/shared';
import { useTranslation } from '@portal/shared/react-i18next';

import en from '../locales/flows/en.json';

/** The namespace of the change flows and of the verification page. */
export const FLOW_NAMESPACE = 'insurance-flows';

/**
 * The texts of the pages a student opens from a policy (renew, terminate, start date, address), of
 * the insurance request and of the proof-of-cover check, in a namespace of their own: the English
 * ones travel with these pages' code, not with My Insurance, which every student loads first. The
 * route titles stay in `insurance`, where the build reads them. Resolves once the texts of the
 * current language are there.
 */
export const flowTexts = registerNamespace(FLOW_NAMESPACE, {
  en,
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl-insurance-flows" */ '../locales/flows/nl.json'),
});

/** `useTranslation` for these pages: a key is looked up in their namespace, then in `insurance`. */
export function useFlowTranslation() {
  return useTranslation([FLOW_NAMESPACE, 'insurance'], { nsMode: 'fallback' });
}

/**
 * Resolves to `page` once the flow texts are there, so that a Dutch visitor never sees English
 * first; texts that cannot be fetched are logged and the page shows in English (as `lazyWithTexts`
 * does).
 */
export function withFlowTexts<T>(page: T): Promise<T> {
  return flowTexts.then(
    () => page,
    (error: unknown) => {
      console.error('The insurance flow texts could not be loaded; showing the English ones.', error);
      return page;
    },
  );
}
