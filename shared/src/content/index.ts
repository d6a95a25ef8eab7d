export {
  CONTENT_ENDPOINT,
  configureContentClient,
  contentClient,
  contentClientHeaders,
  createContentClient,
  forgetContentAnswers,
  keepContentAnswers,
} from './content-client';
export type { ContentAnswer, ContentClientConfig } from './content-client';
export { CONTENT_ROOT, PageQuery, PagesQuery, TEST_CONTENT_ROOT } from './queries';
export type {
  ContentPage,
  PageQueryResult,
  PageQueryVariables,
  PagesQueryResult,
  PagesQueryVariables,
} from './queries';
