import { gql } from '@portal/shared/urql';
import type { TypedDocumentNode } from '@portal/shared/urql';
import { PAGES_QUERY_SOURCE } from './page-tree';

/** A page of the content tree (docs/requirements.md §3); `pages` holds its children, up to 4 levels. */
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

/** The page tree below a content root ({@link PAGES_QUERY_SOURCE}, also asked by the host server). */
export const PagesQuery: TypedDocumentNode<PagesQueryResult, PagesQueryVariables> = gql(PAGES_QUERY_SOURCE);

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
