// The app page is the one text the servers compress on the fly that is the same for many visitors
// (it changes with the start data, which is cached, and with the visitor's language and session).
// So it is compressed once at brotli's best quality and kept: about 15 % fewer bytes on the wire than
// the on-the-fly quality, which is chosen for speed, for the price of one slower compression
// (about 30 ms, off the event loop) per distinct page.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const compress = promisify(brotliCompress);

/** Whether an `Accept-Encoding` header accepts brotli (listed, and not with `q=0`). */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((entry) => {
    const [coding, ...parameters] = entry.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'br') return false;
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
    return quality === undefined || Number(quality) > 0;
  });
}

/**
 * The quality of a page that is one student's alone (her own frame, ./student-frame.ts): compressed
 * for each request, so at a quality that costs about a millisecond rather than thirty, and not kept.
 */
export const PERSONAL_PAGE_QUALITY = 5;

/** A cache of brotli-compressed pages by their content; `max` distinct pages are kept. */
export function createPageCompression(max = 256) {
  const pages = new LRUCache<string, Promise<Buffer>>({ max });
  return function compressPage(html: string, { personal = false } = {}): Promise<Buffer> {
    if (personal)
      return compress(Buffer.from(html), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: PERSONAL_PAGE_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      });
    const key = createHash('sha256').update(html).digest('base64url');
    let body = pages.get(key);
    if (!body) {
      body = compress(Buffer.from(html), {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      });
      // A failed compression is not kept: the next request tries again.
      body.catch(() => pages.delete(key));
      pages.set(key, body);
    }
    return body;
  };
}
