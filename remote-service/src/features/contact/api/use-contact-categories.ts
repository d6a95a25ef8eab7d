import { useTranslation } from '@portal/shared/react-i18next';
import { gql, useQuery } from '@portal/shared/urql';
import type { TypedDocumentNode } from '@portal/shared/urql';
import { contentLanguage, useLocale } from '@portal/shared';
import type { FieldOption } from '@portal/ui';
import { CONTACT_CATEGORIES } from '@portal/contract/validation';

/** A subject a contact request can be about; `id` is CLAIMS, FINANCIAL or COVERAGE. */
export type ContactCategoryOption = { id: string; label: string };
/** Result of {@link ContactCategoriesQuery}. */
export type ContactCategoriesQueryResult = { contactCategories: ContactCategoryOption[] };

/** The contact request subjects, in display order. */
export const ContactCategoriesQuery: TypedDocumentNode<ContactCategoriesQueryResult, { lang: string }> = gql`
  query contactCategories($lang: String!) {
    contactCategories(language: $lang) {
      id
      label
    }
  }
`;

/**
 * The contact subjects from the content endpoint (`contactCategories`), in the reader's language.
 * Until they arrive, or when they cannot be loaded, the portal's own labels are used: the form
 * must stay usable without the content system.
 */
export function useContactCategories(): FieldOption[] {
  const { t } = useTranslation('service');
  const { locale } = useLocale();
  const [{ data }] = useQuery({
    query: ContactCategoriesQuery,
    variables: { lang: contentLanguage(locale) },
  });
  const loaded = data?.contactCategories;
  if (loaded && loaded.length > 0) return loaded.map((item) => ({ value: item.id, label: item.label }));
  return CONTACT_CATEGORIES.map((id) => ({ value: id, label: t(`contact.categories.${id}`) }));
}
