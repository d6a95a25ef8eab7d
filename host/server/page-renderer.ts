// The app page of a URL: the built page with the URL's start data, preloads and first frame put in
// (./start-data.ts), and the headers that say who may keep it; compressed here when the browser takes br.
import type { FastifyRequest } from 'fastify';
import { acceptsBrotli } from './page-compression';
import type { createPageCompression } from './page-compression';
import type { parsePageTemplate } from './page-template';
import { linkHeader } from './preload-plan';
import type { createStartData } from './start-data';
import type { RuntimeConfig } from '../src/app/runtime-config-shape';

type PageRendererDeps = {
  template: ReturnType<typeof parsePageTemplate>;
  startPage: ReturnType<typeof createStartData>;
  /** The runtime config of this request's browser (its releases, ./canary.ts). */
  runtimeOf: (raw: object) => RuntimeConfig;
  compressPage: ReturnType<typeof createPageCompression>;
};

/** The page of each URL, with its headers. */
export function createPageRenderer({ template, startPage, runtimeOf, compressPage }: PageRendererDeps) {
  return async (
    request: FastifyRequest,
  ): Promise<{ html: string | Buffer; headers: Record<string, string> }> => {
    // No 103 Early Hints: this server speaks HTTP/1.1, where browsers ignore them and other
    // clients may take a 103 for the answer (docs/performance.md, "Early Hints").
    const pathname = (request.url.split('?')[0] ?? '').replace(/^\/en(?=\/|$)/, '') || '/';
    const { data, preloads, sessionPreloads, prerendered } = await startPage(
      pathname,
      request.headers.cookie,
      runtimeOf(request.raw),
    );
    // The frame is in the language of the visitor's cookie and for a visitor or a student.
    // A browser that asks to save data gets nothing fetched ahead of need (fetch-ahead.ts).
    const saveData = /^\s*on\s*$/i.test(String(request.headers['save-data'] ?? ''));
    const headers: Record<string, string> = { Vary: 'Cookie, Save-Data' };
    // The student's own api reads, in the header only; the remote's files are in the page's head,
    // which the browser reads as early (its first bytes), so the header does not repeat them.
    if (sessionPreloads.length > 0) headers.Link = linkHeader(sessionPreloads);
    // A page that names a student's data in its header is kept by nobody on the way; a page that
    // shows her data (her own frame) is not even kept by her browser.
    if (sessionPreloads.length > 0) headers['Cache-Control'] = 'private, no-cache';
    if (prerendered?.personal) headers['Cache-Control'] = 'private, no-store';
    const html = template.render(saveData ? { ...data, saveData } : data, preloads, prerendered);
    if (!acceptsBrotli(request.headers['accept-encoding'])) return { html, headers };
    // Compressed here (./page-compression.ts); the compression plugin leaves an encoded answer be.
    return {
      html: await compressPage(html, { personal: prerendered?.personal === true }),
      headers: { ...headers, Vary: 'Cookie, Save-Data, Accept-Encoding', 'Content-Encoding': 'br' },
    };
  };
}
