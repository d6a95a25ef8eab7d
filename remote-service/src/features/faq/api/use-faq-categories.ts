import { useCallback } from 'react';
import { gql, useQuery } from '@portal/shared/urql';
import type { TypedDocumentNode } from '@portal/shared/urql';
import { contentLanguage, useLocale } from '@portal/shared';

/** One FAQ question with its answer HTML. */
export type FaqQuestion = { id: string; question: string; answerHtml: string };
/** One FAQ category with its questions, in display order. */
export type FaqCategory = { id: string; title: string; questions: FaqQuestion[] };
/** Result of {@link FaqCategoriesQuery}. */
export type FaqCategoriesQueryResult = { faqCategories: FaqCategory[] };

/** The FAQ, grouped by category. */
export const FaqCategoriesQuery: TypedDocumentNode<FaqCategoriesQueryResult, { lang: string }> = gql`
  query faqCategories($lang: String!) {
    faqCategories(language: $lang) {
      id
      title
      questions {
        id
        question
        answerHtml
      }
    }
  }
`;

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
