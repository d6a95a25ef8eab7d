/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import { registerNamespace } from '@portal/shared';
import { renderWithProviders } from '@portal/testing';

import en from '../../../locales/en.json';
import { ReceiptsField } from '../components/receipts-field';
import { checkReceipts } from './receipt-rules';
import { SHRINK_ABOVE_BYTES, SHRINK_OPTIONS, originalSizeOf, shrinkPhoto } from './shrink-photo';

registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

// The library draws the photo on a canvas, which the test environment has not: it is replaced by one
// that answers a file of the size the test chooses.
const compress = jest.fn<Promise<File>, [File, Record<string, unknown>]>();
jest.mock('browser-image-compression', () => ({
  __esModule: true,
  default: (file: File, options: Record<string, unknown>) => compress(file, options),
}));

const MB = 1024 * 1024;
const BEFORE = Math.round(4.2 * MB);
const SMALLER = Math.round(0.9 * MB);
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function photo(name: string, size: number, head: number[], type: string): File {
  const content = new Uint8Array(size);
  content.set(head);
  return new File([content], name, { type, lastModified: 1_700_000_000_000 });
}
const answer = (size: number, type = 'image/jpeg') => new File([new Uint8Array(size)], 'blob', { type });

beforeEach(() => compress.mockReset());

describe('shrinkPhoto', () => {
  it('should make a photo over 1 MB smaller, keeping its name and type, and remember its size before', async () => {
    const original = photo('receipt.jpg', BEFORE, JPEG_HEAD, 'image/jpeg');
    compress.mockResolvedValue(answer(SMALLER));
    const smaller = await shrinkPhoto(original, 'image/jpeg');
    expect(compress).toHaveBeenCalledWith(original, { ...SHRINK_OPTIONS, fileType: 'image/jpeg' });
    expect(SHRINK_OPTIONS.useWebWorker).toBe(false);
    expect(smaller.name).toBe('receipt.jpg');
    expect(smaller.type).toBe('image/jpeg');
    expect(smaller.size).toBe(SMALLER);
    expect(originalSizeOf(smaller)).toBe(BEFORE);
    expect(originalSizeOf(original)).toBeUndefined();
  });

  it('should send a PDF, a photo of 1 MB or less, and a photo that does not get smaller as they are', async () => {
    const pdf = photo('bill.pdf', 6 * MB, [0x25, 0x50, 0x44, 0x46], 'application/pdf');
    expect(await shrinkPhoto(pdf, 'application/pdf')).toBe(pdf);
    const small = photo('small.png', SHRINK_ABOVE_BYTES, PNG_HEAD, 'image/png');
    expect(await shrinkPhoto(small, 'image/png')).toBe(small);
    expect(compress).not.toHaveBeenCalled();
    const dense = photo('dense.png', 2 * MB, PNG_HEAD, 'image/png');
    compress.mockResolvedValue(answer(2 * MB + 10, 'image/png'));
    expect(await shrinkPhoto(dense, 'image/png')).toBe(dense);
    const broken = photo('broken.jpg', 2 * MB, JPEG_HEAD, 'image/jpeg');
    compress.mockRejectedValue(new Error('The file given is not an image'));
    expect(await shrinkPhoto(broken, 'image/jpeg')).toBe(broken);
  });

  it('should let a 12 MB photo in once it is smaller, and list both of its sizes', async () => {
    compress.mockResolvedValue(answer(SMALLER));
    const { accepted, refused } = await checkReceipts(
      [],
      [photo('scan.jpg', 12 * MB, JPEG_HEAD, 'image/jpeg')],
    );
    expect(refused).toEqual([]);
    expect(accepted[0]!.size).toBe(SMALLER);
    renderWithProviders(
      <ReceiptsField
        id="receipts"
        receipts={accepted}
        onAdd={() => undefined}
        onRemove={() => undefined}
        errors={[]}
      />,
    );
    expect(screen.getByText('Photo made smaller: 12 MB → 922 KB')).toBeInTheDocument();
  });

  it('should list a file that was not made smaller with its own size only', () => {
    renderWithProviders(
      <ReceiptsField
        id="receipts"
        receipts={[photo('bill.pdf', 2 * MB, [0x25, 0x50, 0x44, 0x46], 'application/pdf')]}
        onAdd={() => undefined}
        onRemove={() => undefined}
        errors={[]}
      />,
    );
    expect(screen.getByText('2 MB')).toBeInTheDocument();
    expect(screen.queryByText(/Photo made smaller/)).not.toBeInTheDocument();
  });
});
