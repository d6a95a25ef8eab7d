import { gql } from '@portal/shared/urql';
import type { TypedDocumentNode } from '@portal/shared/urql';

/** A page of the content tree (SPEC.md §3); `pages` holds its children, up to 4 levels. */
export type ContentPage = {
  id: string;
  name: string;
  path: string;
  pageTitle: string;
  pageDescription: string;
  requiresAuth: boolean;
  /** Absent on the deepest level the query asks for. */
  pages?: ContentPage[];
};

/** Variables of {@link PagesQuery}: a content root and a content language (`en`, `nl`). */
export type PagesQueryVariables = { path: string; lang: string };
/** Result of {@link PagesQuery}; read the tree at `data.item.pages`. */
export type PagesQueryResult = { item: { pages: ContentPage[] } | null };

export { CONTENT_ROOT, TEST_CONTENT_ROOT } from './content-roots';

/** The page tree below a content root, 4 levels deep; every level asks for the same fields. */
export const PagesQuery: TypedDocumentNode<PagesQueryResult, PagesQueryVariables> = gql`
  fragment PageFields on Page {
    id
    name
    path
    pageTitle
    pageDescription
    requiresAuth
  }

  query pages($path: String!, $lang: String!) {
    item(path: $path, language: $lang) {
      pages {
        ...PageFields
        pages {
          ...PageFields
          pages {
            ...PageFields
            pages {
              ...PageFields
            }
          }
        }
      }
    }
  }
`;

/** Variables of {@link PageQuery}. */
export type PageQueryVariables = { id: string; lang: string };
/** Result of {@link PageQuery}; `page` is null when no page has the id. */
export type PageQueryResult = { page: { id: string; title: string; bodyHtml: string } | null };

/** One page's heading and body HTML (sanitise before rendering). */
export const PageQuery: TypedDocumentNode<PageQueryResult, PageQueryVariables> = gql`
  query page($id: ID!, $lang: String!) {
    page(id: $id, language: $lang) {
      id
      title
      bodyHtml
    }
  }
`;

/** One FAQ question with its answer HTML. */
export type FaqQuestion = { id: string; question: string; answerHtml: string };
/** One FAQ category with its questions, in display order. */
export type FaqCategory = { id: string; title: string; questions: FaqQuestion[] };
/** Variables of the language-only queries. */
export type LangVariables = { lang: string };
/** Result of {@link FaqCategoriesQuery}. */
export type FaqCategoriesQueryResult = { faqCategories: FaqCategory[] };

/** The FAQ, grouped by category. */
export const FaqCategoriesQuery: TypedDocumentNode<FaqCategoriesQueryResult, LangVariables> = gql`
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

/** One thing to do in an emergency. */
export type EmergencyStep = { title: string; bodyHtml: string };
/** Emergency details: numbers are E.164 (`phone`, `whatsapp`) plus a readable `phoneDisplay`. */
export type Emergency = {
  title: string;
  introHtml: string;
  phone: string;
  phoneDisplay: string;
  whatsapp: string;
  email: string;
  steps: EmergencyStep[];
};
/** Result of {@link EmergencyQuery}. */
export type EmergencyQueryResult = { emergency: Emergency };

/** How to reach the 24/7 emergency service and what to do. */
export const EmergencyQuery: TypedDocumentNode<EmergencyQueryResult, LangVariables> = gql`
  query emergency($lang: String!) {
    emergency(language: $lang) {
      title
      introHtml
      phone
      phoneDisplay
      whatsapp
      email
      steps {
        title
        bodyHtml
      }
    }
  }
`;

/** A subject a contact request can be about; `id` is CLAIMS, FINANCIAL or COVERAGE. */
export type ContactCategoryOption = { id: string; label: string };
/** Result of {@link ContactCategoriesQuery}. */
export type ContactCategoriesQueryResult = { contactCategories: ContactCategoryOption[] };

/** The contact request subjects, in display order. */
export const ContactCategoriesQuery: TypedDocumentNode<ContactCategoriesQueryResult, LangVariables> = gql`
  query contactCategories($lang: String!) {
    contactCategories(language: $lang) {
      id
      label
    }
  }
`;
