import { noteSaveData } from './fetch-ahead';
import { HOVER_DELAY_MS, prefetchOnIntent, prefetchPages, resetPrefetchOnIntent } from './prefetch-on-intent';
import { preloadRemotePage } from './remote-pages';

jest.mock('./remote-pages', () => ({ preloadRemotePage: jest.fn(() => Promise.resolve()) }));

const mockedPreload = jest.mocked(preloadRemotePage);

const PAGES: Record<string, { remote: 'billing' | 'service' | 'insurance'; page: string }> = {
  '/invoices': { remote: 'billing', page: 'invoices' },
  '/claims': { remote: 'service', page: 'claims' },
  '/insurances/P-1/renew': { remote: 'insurance', page: 'renew' },
};

function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  const label = document.createElement('span');
  label.textContent = 'label';
  anchor.append(label);
  document.body.append(anchor);
  return anchor;
}

// jsdom has no PointerEvent: a MouseEvent with the pointer's type is what the listener reads.
function pointer(type: string, target: Element, pointerType: string, relatedTarget?: Element): void {
  const event = new MouseEvent(type, { bubbles: true, relatedTarget: relatedTarget ?? null });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  target.dispatchEvent(event);
}

describe('prefetch on intent', () => {
  let stop: () => void;

  beforeEach(() => {
    jest.useFakeTimers();
    mockedPreload.mockClear();
    resetPrefetchOnIntent();
    noteSaveData(false);
    document.body.innerHTML = '';
    stop = prefetchOnIntent((path) => PAGES[path]);
  });

  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  it("should fetch a page's code when the mouse rests on its link, once", () => {
    const invoices = link('/en/invoices');
    pointer('pointerover', invoices.querySelector('span')!, 'mouse');
    expect(mockedPreload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(HOVER_DELAY_MS);
    expect(mockedPreload).toHaveBeenCalledWith('billing', 'invoices');
    pointer('pointerover', invoices, 'mouse');
    jest.advanceTimersByTime(HOVER_DELAY_MS);
    expect(mockedPreload).toHaveBeenCalledTimes(1);
  });

  it('should fetch nothing for a pointer that only passes over a link', () => {
    const invoices = link('/en/invoices');
    pointer('pointerover', invoices, 'mouse');
    pointer('pointerout', invoices, 'mouse', document.body);
    jest.advanceTimersByTime(HOVER_DELAY_MS * 2);
    expect(mockedPreload).not.toHaveBeenCalled();
  });

  it('should fetch at once when a finger touches a link or the keyboard focuses it', () => {
    link('/en/claims').dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(mockedPreload).toHaveBeenCalledWith('service', 'claims');
    link('/en/invoices').focus();
    expect(mockedPreload).toHaveBeenCalledWith('billing', 'invoices');
  });

  it("should fetch nothing for a link outside the portal, a download, another window or a host's own page", () => {
    for (const anchor of [
      link('https://elsewhere.example/en/invoices'),
      link('/en/invoices', { download: '' }),
      link('/en/claims', { target: '_blank' }),
      link('/en/home'),
      link('/docs/invoices'),
    ])
      anchor.focus();
    expect(mockedPreload).not.toHaveBeenCalled();
  });

  it('should fetch nothing when the browser asks to save data', () => {
    noteSaveData(true);
    link('/en/invoices').focus();
    link('/en/claims').dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(mockedPreload).not.toHaveBeenCalled();
  });

  it('should fetch the pages beneath a page, and not again when their link is about to be followed', () => {
    prefetchPages('insurance', ['renew', 'terminate']);
    expect(mockedPreload.mock.calls).toEqual([
      ['insurance', 'renew'],
      ['insurance', 'terminate'],
    ]);
    link('/en/insurances/P-1/renew').focus();
    expect(mockedPreload).toHaveBeenCalledTimes(2);
  });

  it('should fetch no page beneath a page when the browser asks to save data', () => {
    noteSaveData(true);
    prefetchPages('insurance', ['renew']);
    expect(mockedPreload).not.toHaveBeenCalled();
  });

  it('should stop listening when stopped', () => {
    stop();
    link('/en/invoices').focus();
    expect(mockedPreload).not.toHaveBeenCalled();
  });
});
