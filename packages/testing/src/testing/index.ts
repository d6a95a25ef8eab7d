/** Helpers for the unit tests of the host and the remotes (never bundled into an app). */
export { emptyResponse, jsonResponse, mockFetch } from './mock-fetch';
export type { FetchHandler, FetchMock } from './mock-fetch';
export { renderWithProviders } from './render-with-providers';
export type { RenderWithProvidersOptions } from './render-with-providers';
export { initTestI18n } from './test-i18n';
export type { InitTestI18nOptions } from './test-i18n';
export { FakeXhr, mockXhr } from './mock-xhr';
export type { XhrMock } from './mock-xhr';
