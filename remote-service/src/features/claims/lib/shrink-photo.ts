import type { ClaimReceiptType } from '@portal/contract/validation';

/** Photos (JPEG, PNG) larger than this are made smaller on the device before they are sent. */
export const SHRINK_ABOVE_BYTES = 1024 * 1024;

/**
 * How small a photo is made: about 1 MB at most, and no side longer than 2048 pixels, which keeps the
 * text of a receipt readable. Compressed on the page itself: the library's web worker would load its
 * code from a CDN, which the portal's content security policy does not allow.
 */
export const SHRINK_OPTIONS = { maxSizeMB: 1, maxWidthOrHeight: 2048, useWebWorker: false } as const;

// The size each smaller photo had before, for the list of receipts to show both.
const originalSizes = new WeakMap<File, number>();

/** The size `file` had before it was made smaller, or undefined when it was sent as chosen. */
export function originalSizeOf(file: File): number | undefined {
  return originalSizes.get(file);
}

/**
 * A JPEG or PNG larger than {@link SHRINK_ABOVE_BYTES} made smaller with browser-image-compression,
 * with the same name and type; any other file (a PDF), a small photo, or one the browser cannot make
 * smaller is returned as it is.
 */
export async function shrinkPhoto(file: File, type: ClaimReceiptType | null): Promise<File> {
  if ((type !== 'image/jpeg' && type !== 'image/png') || file.size <= SHRINK_ABOVE_BYTES) return file;
  try {
    const { default: imageCompression } = await import(
      /* webpackChunkName: "on-demand-image-compression" */ 'browser-image-compression'
    );
    const smaller = await imageCompression(file, { ...SHRINK_OPTIONS, fileType: type });
    if (smaller.size >= file.size) return file;
    const shrunk = new File([smaller], file.name, { type, lastModified: file.lastModified });
    originalSizes.set(shrunk, file.size);
    return shrunk;
  } catch {
    // A photo the browser cannot decode is sent as it is; the api checks it like any other.
    return file;
  }
}
