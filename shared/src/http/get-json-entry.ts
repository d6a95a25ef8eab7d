/**
 * `@portal/shared/get-json`: the checked reads of the api, bundled by each remote (docs/design.md), so
 * that a remote has them on a host whose shared package is a release older.
 */
export { getJson, MalformedResponseError, parseJson } from './get-json';
export { getCountries, useCountries } from './countries';
