export { apiPrefixUrl } from './base-http';
export { DOCUMENT_TIMEOUT_MS, downloadDocument, fileNameFromDisposition } from './download-document';
export { http, UNAUTHORIZED_EVENT } from './http';
export { errorStatus, HTTPError, readApiError } from './read-api-error';
export { XSRF_COOKIE, XSRF_HEADER } from './xsrf';
export { postWithProgress } from './upload-with-progress';
export type { UploadOptions, UploadProgress } from './upload-with-progress';
export { useApiResource } from './use-api-resource';
export type { ApiResourceDeps, ApiResourceState, UseApiResourceResult } from './use-api-resource';
