require('@testing-library/jest-dom');

// The anti-forgery cookie that a real page has from its start-up session check: without it the shared
// HTTP client fetches one first (a GET of /api/checksession) before any write, which the tests of that
// client prove on their own by removing it.
/* global beforeEach */
beforeEach(() => {
  if (typeof document !== 'undefined') document.cookie = 'XSRF-TOKEN=test-xsrf-token; path=/';
});
