import { useCallback } from 'react';
import { useQuery } from '@portal/shared/urql';
import { contentLanguage, FaqCategoriesQuery, useLocale } from '@portal/shared';
import type { FaqCategory } from '@portal/shared';

export type UseFaqCategoriesResult = {
  categories: FaqCategory[] | undefined;
  /** True until the first answer came. */
  loading: boolean;
  failed: boolean;
  retry: () => void;
};

/** The FAQ categories with their questions, in the reader's language (`faqCategories` content query). */
export function useFaqCategories(): UseFaqCategoriesResult {
  const { locale } = useLocale();
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: FaqCategoriesQuery,
    variables: { lang: contentLanguage(locale) },
  });
  const retry = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  const categories = data?.faqCategories;
  return { categories, loading: fetching && !categories, failed: !!error && !categories, retry };
}
