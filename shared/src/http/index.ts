export { apiPrefixUrl } from './base-http';
export {
  DOCUMENT_TIMEOUT_MS,
  downloadDocument,
  fileNameFromDisposition,
  saveFile,
} from './download-document';
export { http, INVALID_PASSWORD_CODE, UNAUTHORIZED_EVENT } from './http';
export { BACKEND_UNAVAILABLE_CODE, isBackendUnavailable } from './backend-unavailable';
export { errorStatus, readApiError } from './read-api-error';
export { HTTPError } from 'ky';
export { apiReasonMessage, apiReasonOf, apiReasonText, readApiReason } from './api-reason';
export type { ApiReason, ReasonTranslate } from './api-reason';
export { XSRF_COOKIE, XSRF_HEADER, readCookie } from './xsrf';
export { ensureXsrfCookie } from './ensure-xsrf-cookie';
export { httpErrorOf, postWithProgress } from './upload-with-progress';
export type { UploadOptions, UploadProgress } from './upload-with-progress';
export { useApiResource } from './use-api-resource';
export type {
  ApiResourceDeps,
  ApiResourceState,
  PreloadedRead,
  UseApiResourceResult,
} from './use-api-resource';
export { forgetPreloadedAnswer, keepPreloadedAnswer, preloadedAnswer } from './preloaded-answers';
export {
  forgetReadsAhead,
  hasReadAhead,
  noteRecentAnswer,
  READ_AHEAD_TTL_MS,
  RECENT_ANSWER_MS,
  readsAheadAnswered,
  startReadAhead,
} from './reads-ahead';
export { mailLanguageOf, updateMailPreferences } from './mail-preferences';
export type { MailPreferences } from './mail-preferences';
