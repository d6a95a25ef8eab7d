/** @jest-environment jest-fixed-jsdom */
import { checkReceipts, formatFileSize } from './receipt-rules';
import { prepareUploads } from './resumable-receipts';

jest.mock('./resumable-receipts', () => ({ prepareUploads: jest.fn() }));

const PDF = '%PDF-1.4\n';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const file = (name: string, content: BlobPart, type = 'application/pdf') =>
  new File([content], name, { type });
/** A file of `size` bytes that starts like a PDF. */
function bigPdf(name: string, size: number): File {
  const content = new Uint8Array(size);
  content.set(Array.from(PDF, (char) => char.charCodeAt(0)));
  return file(name, content);
}

describe('checkReceipts', () => {
  it('should accept PDF, JPEG and PNG files by their first bytes', async () => {
    const jpeg = file('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
    const png = file('scan', PNG, '');
    const { accepted, refused } = await checkReceipts([], [file('bill.pdf', PDF), jpeg, png]);
    expect(accepted.map((receipt) => receipt.name)).toEqual(['bill.pdf', 'photo.jpg', 'scan']);
    expect(refused).toEqual([]);
  });

  it('should start fetching the code that sends receipts once one is accepted, and not for refused files', async () => {
    await checkReceipts([], [file('notes.txt', 'x', 'text/plain')]);
    expect(prepareUploads).not.toHaveBeenCalled();
    await checkReceipts([], [file('bill.pdf', PDF)]);
    expect(prepareUploads).toHaveBeenCalledTimes(1);
  });

  it('should refuse a file whose content is of another type, whatever its name says', async () => {
    const { accepted, refused } = await checkReceipts(
      [],
      [file('invoice.pdf', '<html>'), file('notes.txt', 'x', 'text/plain')],
    );
    expect(accepted).toEqual([]);
    expect(refused).toEqual([
      { name: 'invoice.pdf', code: 'validation.files.type' },
      { name: 'notes.txt', code: 'validation.files.type' },
    ]);
  });

  it('should refuse a file over 10 MB and accept one of exactly 10 MB', async () => {
    const { accepted, refused } = await checkReceipts(
      [],
      [bigPdf('big.pdf', 12 * 1024 * 1024), bigPdf('limit.pdf', 10 * 1024 * 1024)],
    );
    expect(accepted.map((receipt) => receipt.name)).toEqual(['limit.pdf']);
    expect(refused).toEqual([{ name: 'big.pdf', code: 'validation.files.size' }]);
  });

  it('should refuse a sixth file, counting those already added', async () => {
    const four = Array.from({ length: 4 }, (_, index) => file(`r${index}.pdf`, PDF));
    const { accepted, refused } = await checkReceipts(four, [file('fifth.pdf', PDF), file('sixth.pdf', PDF)]);
    expect(accepted.map((receipt) => receipt.name)).toEqual(['fifth.pdf']);
    expect(refused).toEqual([{ name: 'sixth.pdf', code: 'validation.files.tooMany' }]);
  });
});

describe('formatFileSize', () => {
  it('should show bytes, kilobytes and megabytes in the locale', () => {
    expect(formatFileSize(512, 'en-GB')).toBe('512 B');
    expect(formatFileSize(850 * 1024, 'en-GB')).toBe('850 KB');
    expect(formatFileSize(1.25 * 1024 * 1024, 'en-GB')).toBe('1.3 MB');
    expect(formatFileSize(1.25 * 1024 * 1024, 'nl')).toBe('1,3 MB');
  });
});
