export {
  CONTENT_ENDPOINT,
  configureContentClient,
  contentClient,
  contentClientHeaders,
  createContentClient,
} from './content-client';
export type { ContentClientConfig } from './content-client';
export {
  CONTENT_ROOT,
  ContactCategoriesQuery,
  EmergencyQuery,
  FaqCategoriesQuery,
  PageQuery,
  PagesQuery,
  TEST_CONTENT_ROOT,
} from './queries';
export type {
  ContactCategoriesQueryResult,
  ContactCategoryOption,
  ContentPage,
  Emergency,
  EmergencyQueryResult,
  EmergencyStep,
  FaqCategoriesQueryResult,
  FaqCategory,
  FaqQuestion,
  LangVariables,
  PageQueryResult,
  PageQueryVariables,
  PagesQueryResult,
  PagesQueryVariables,
} from './queries';
