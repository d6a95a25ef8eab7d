/** @jest-environment node */
import { pageChunkName } from '@portal/shared/route-table';
import { linkHeader, remotePreloads } from './preload-plan';
import { MANIFEST, PAGE_ASSETS } from './test-fixtures';

describe('the preload plan', () => {
  it('should resolve the assets of a manifest against its own URL', () => {
    expect(remotePreloads('https://cdn.example/account/mf-manifest.json', MANIFEST)).toEqual([
      { href: 'https://cdn.example/account/mf-manifest.json', as: 'fetch' },
      { href: 'https://cdn.example/account/remoteEntry.js', as: 'script' },
      { href: 'https://cdn.example/account/assets/pages.1234abcd.js', as: 'script' },
    ]);
  });

  it('should name a page chunk after its page module, and skip a page the list does not name', () => {
    expect(pageChunkName('login')).toBe('page-login');
    expect(pageChunkName('resetPassword')).toBe('page-reset-password');
    const url = 'https://cdn.example/account/mf-manifest.json';
    expect(remotePreloads(url, MANIFEST, PAGE_ASSETS, 'resetPassword').slice(3)).toEqual([
      { href: 'https://cdn.example/account/assets/page-reset-password.dddd4444.js', as: 'script' },
    ]);
    expect(remotePreloads(url, MANIFEST, PAGE_ASSETS, 'faqAnswer')).toHaveLength(3);
    expect(remotePreloads(url, MANIFEST, { 'page-login': { js: [42] } } as never, 'login')).toHaveLength(3);
  });

  it('should write the preloads as a Link header, a manifest fetched with CORS', () => {
    expect(
      linkHeader([
        { href: 'https://cdn.example/a/mf-manifest.json', as: 'fetch' },
        { href: '/en/assets/main.js', as: 'script' },
      ]),
    ).toBe(
      '<https://cdn.example/a/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, </en/assets/main.js>; rel=preload; as=script',
    );
  });
});
