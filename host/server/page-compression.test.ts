/** @jest-environment node */
import { brotliDecompressSync } from 'node:zlib';
import { acceptsBrotli, createPageCompression } from './page-compression';

describe('the compression of the app page', () => {
  it('should accept brotli only when the browser lists it without q=0', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('BR')).toBe(true);
    expect(acceptsBrotli('gzip, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip')).toBe(false);
    expect(acceptsBrotli('brotli')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });

  it('should compress a page at the best quality once, and give the same body again', async () => {
    const compressPage = createPageCompression();
    const html = `<!doctype html><html><body>${'<p>My Insurance</p>'.repeat(200)}</body></html>`;
    const first = await compressPage(html);
    expect(brotliDecompressSync(first).toString()).toBe(html);
    expect(first.length).toBeLessThan(html.length / 20);
    expect(await compressPage(html)).toBe(first);
    const other = await compressPage(html.replace('My', 'Your'));
    expect(other).not.toBe(first);
    expect(brotliDecompressSync(other).toString()).toContain('Your Insurance');
  });

  it("should compress a student's own page each time and keep none of it", async () => {
    const compressPage = createPageCompression();
    const html = `<!doctype html><html><body>${'<p>TR-2026-100101</p>'.repeat(200)}</body></html>`;
    const first = await compressPage(html, { personal: true });
    expect(brotliDecompressSync(first).toString()).toBe(html);
    // Not the kept body of a page with the same text.
    expect(await compressPage(html, { personal: true })).not.toBe(first);
    expect(await compressPage(html)).not.toBe(first);
  });
});
