/**
 * @jest-environment jest-fixed-jsdom
 */
import * as v from 'valibot';
import { HTTPError } from 'ky';

import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import { getCountries } from './countries';
import { getJson, MalformedResponseError, parseJson } from './get-json';

const schema = v.object({ name: v.string() });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

describe('getJson', () => {
  it('should give the checked body of the path asked for, without what the schema does not know', async () => {
    fetchMock = mockFetch(() => jsonResponse({ name: 'Anna', internalNote: 'x' }));
    await expect(getJson('api/en/thing', schema)).resolves.toEqual({ name: 'Anna' });
    expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/en/thing');
  });

  it.each([
    ['a wrong type', { name: 7 }],
    ['a missing field', {}],
    ['null', null],
  ])('should reject %s with the one malformed-response error, naming the call', async (_case, body) => {
    fetchMock = mockFetch(() => jsonResponse(body));
    const failure = getJson('api/en/thing', schema);
    await expect(failure).rejects.toBeInstanceOf(MalformedResponseError);
    await expect(failure).rejects.toThrow('The response of api/en/thing does not match the contract: ');
  });

  it('should reject a refused call as the http client does', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'NOT_FOUND', message: 'No such thing' }, 404));
    await expect(getJson('api/en/thing', schema)).rejects.toBeInstanceOf(HTTPError);
  });
});

describe('parseJson', () => {
  it('should check a body read another way, with the same error', () => {
    expect(parseJson('api/en/thing', schema, { name: 'Anna' })).toEqual({ name: 'Anna' });
    expect(() => parseJson('api/en/thing', schema, [])).toThrow(MalformedResponseError);
  });
});

describe('getCountries', () => {
  it('should read the countries and refuse a code that is not two capitals', async () => {
    fetchMock = mockFetch(() => jsonResponse([{ code: 'NL', name: 'Netherlands' }]));
    await expect(getCountries()).resolves.toEqual([{ code: 'NL', name: 'Netherlands' }]);
    expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/en/countries');
    fetchMock.restore();
    fetchMock = mockFetch(() => jsonResponse([{ code: 'nl', name: 'Netherlands' }]));
    await expect(getCountries()).rejects.toBeInstanceOf(MalformedResponseError);
  });
});
