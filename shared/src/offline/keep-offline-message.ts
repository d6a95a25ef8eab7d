/**
 * Message the host's service worker answers by keeping the files of the page that sent it. Its own
 * module, free of imports, so that the worker (a build of its own) and the pages share this one
 * definition without the worker pulling in the rest of `@portal/shared`.
 */
export const KEEP_OFFLINE_MESSAGE = 'portal:keep-page-offline';
