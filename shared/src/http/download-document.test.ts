/**
 * @jest-environment jest-fixed-jsdom
 */
import { mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import { downloadDocument, fileNameFromDisposition } from './download-document';

describe('fileNameFromDisposition', () => {
  it('should read the plain, quoted and UTF-8 file names', () => {
    expect(fileNameFromDisposition('attachment; filename=certificate.pdf')).toBe('certificate.pdf');
    expect(fileNameFromDisposition('attachment; filename="policy conditions.pdf"')).toBe(
      'policy conditions.pdf',
    );
    expect(
      fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''verzekering%20%C3%A9.pdf`),
    ).toBe('verzekering é.pdf');
  });

  it('should give undefined without a file name', () => {
    expect(fileNameFromDisposition(null)).toBeUndefined();
    expect(fileNameFromDisposition('inline')).toBeUndefined();
  });
});

describe('downloadDocument', () => {
  let fetchMock: FetchMock | undefined;
  const createObjectURL = jest.fn(() => 'blob:doc');
  const revokeObjectURL = jest.fn();

  beforeEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  afterEach(() => fetchMock?.restore());

  it('should save the blob under the server file name', async () => {
    fetchMock = mockFetch(
      () =>
        new Response(new Blob(['%PDF-1.4']), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="card.pdf"',
          },
        }),
    );
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await expect(downloadDocument('api/en/policies/1/icscard')).resolves.toBe('card.pdf');

    expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/en/policies/1/icscard');
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('card.pdf');
    expect(link.href).toBe('blob:doc');
    expect(document.querySelector('a[download]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:doc');
  });

  it('should use the fallback name without Content-Disposition', async () => {
    fetchMock = mockFetch(() => new Response(new Blob(['%PDF'])));
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await expect(downloadDocument('api/en/documents/9', 'conditions.pdf')).resolves.toBe('conditions.pdf');
  });

  it('should reject when the download fails', async () => {
    fetchMock = mockFetch(() => new Response(null, { status: 404 }));
    await expect(downloadDocument('api/en/documents/404')).rejects.toThrow();
  });
});
