import { noteSaveData } from './fetch-ahead';
import {
  HOVER_DELAY_MS,
  prefetchInView,
  prefetchOnIntent,
  prefetchPages,
  resetPrefetchOnIntent,
} from './prefetch-on-intent';
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

/** jsdom has no IntersectionObserver: this one reports what a test says is in view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.watched.add(target);
  }
  unobserve(target: Element) {
    this.watched.delete(target);
  }
  disconnect() {
    this.watched.clear();
  }
  /** The browser reports `targets` as come into view (or, with `false`, still out of it). */
  show(targets: Element[], isIntersecting = true) {
    const entries = targets
      .filter((target) => this.watched.has(target))
      .map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe('prefetch in view', () => {
  const original = window.IntersectionObserver;

  beforeEach(() => {
    mockedPreload.mockClear();
    resetPrefetchOnIntent();
    noteSaveData(false);
    FakeIntersectionObserver.instances = [];
    window.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
    document.body.innerHTML = '<nav data-prefetch-in-view=""></nav>';
  });

  afterEach(() => {
    window.IntersectionObserver = original;
  });

  function navigationLink(href: string): HTMLAnchorElement {
    const anchor = link(href);
    document.querySelector('nav')!.append(anchor);
    return anchor;
  }

  it("should fetch a navigation link's page once the link is in view, once", () => {
    const invoices = navigationLink('/en/invoices');
    const claims = navigationLink('/en/claims');
    const stopWatching = prefetchInView((path) => PAGES[path]);
    const observer = FakeIntersectionObserver.instances[0]!;
    observer.show([invoices, claims], false);
    expect(mockedPreload).not.toHaveBeenCalled();
    observer.show([invoices]);
    expect(mockedPreload.mock.calls).toEqual([['billing', 'invoices']]);
    observer.show([invoices, claims]);
    expect(mockedPreload.mock.calls).toEqual([
      ['billing', 'invoices'],
      ['service', 'claims'],
    ]);
    stopWatching();
  });

  it('should watch only the links of a marked element', () => {
    link('/en/invoices');
    prefetchInView((path) => PAGES[path]);
    expect(FakeIntersectionObserver.instances[0]!.watched.size).toBe(0);
  });

  it("should not fetch a page again that was fetched on intent, nor a link's that opens no remote page", () => {
    prefetchPages('billing', ['invoices']);
    const invoices = navigationLink('/en/invoices');
    const privacy = navigationLink('/en/privacy');
    prefetchInView((path) => PAGES[path]);
    FakeIntersectionObserver.instances[0]!.show([invoices, privacy]);
    expect(mockedPreload).toHaveBeenCalledTimes(1);
  });

  it('should watch nothing when the browser asks to save data', () => {
    noteSaveData(true);
    navigationLink('/en/invoices');
    prefetchInView((path) => PAGES[path]);
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
    expect(mockedPreload).not.toHaveBeenCalled();
  });

  it('should wait for the network when the browser is offline', async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const invoices = navigationLink('/en/invoices');
      prefetchInView((path) => PAGES[path]);
      FakeIntersectionObserver.instances[0]!.show([invoices]);
      await Promise.resolve();
      expect(mockedPreload).not.toHaveBeenCalled();
      online.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
      await Promise.resolve();
      expect(mockedPreload).toHaveBeenCalledWith('billing', 'invoices');
    } finally {
      online.mockRestore();
    }
  });

  it('should stop watching when stopped', () => {
    const invoices = navigationLink('/en/invoices');
    const stopWatching = prefetchInView((path) => PAGES[path]);
    stopWatching();
    FakeIntersectionObserver.instances[0]!.show([invoices]);
    expect(mockedPreload).not.toHaveBeenCalled();
  });
});
