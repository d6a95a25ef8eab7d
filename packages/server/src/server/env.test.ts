/** @jest-environment node */
import { readOrigins, readPort, readUrl } from './env';

describe('server env', () => {
  it('should take the first port variable that is set', () => {
    expect(readPort({ PORT: '', REMOTE_ACCOUNT_PORT: '9101' }, ['PORT', 'REMOTE_ACCOUNT_PORT'], 8081)).toBe(
      9101,
    );
    expect(readPort({}, ['PORT'], 8081)).toBe(8081);
  });

  it('should name the variable of a bad port', () => {
    expect(() => readPort({ PORT: 'eighty' }, ['PORT'], 8081)).toThrow(
      'PORT must be a port number between 1 and 65535, got "eighty".',
    );
  });

  it('should accept http(s) URLs only', () => {
    expect(readUrl({}, 'API_ORIGIN', 'http://localhost:8090').origin).toBe('http://localhost:8090');
    expect(() => readUrl({ API_ORIGIN: 'ftp://x' }, 'API_ORIGIN', 'http://localhost:8090')).toThrow(
      'API_ORIGIN must be an absolute http(s) URL, got "ftp://x".',
    );
  });

  it('should read a list of origins', () => {
    expect(readOrigins({ HOST_ORIGIN: 'http://a.test/, https://b.test' }, 'HOST_ORIGIN', 'http://x')).toEqual(
      ['http://a.test', 'https://b.test'],
    );
  });
});
