import { readFileSync } from 'node:fs';
import path from 'node:path';

const STARTER = readFileSync(path.join(__dirname, 'start-after-paint.js'), 'utf8');
const ENTRY = '/en/assets/main.0123abcd.js';

type PaintCallback = (list: { getEntries: () => Array<{ name: string }> }) => void;

/** A stand-in for the browser's paint timing: the test decides when the frame is painted. */
class FakePaintObserver {
  static instances: FakePaintObserver[] = [];
  readonly callback: PaintCallback;
  observing = false;

  constructor(callback: PaintCallback) {
    this.callback = callback;
    FakePaintObserver.instances.push(this);
  }

  observe(options: { type: string }): void {
    if (options.type !== 'paint') throw new TypeError(`Unexpected entry type ${options.type}`);
    this.observing = true;
  }

  disconnect(): void {
    this.observing = false;
  }

  static paint(...names: string[]): void {
    for (const observer of FakePaintObserver.instances.filter((instance) => instance.observing)) {
      observer.callback({ getEntries: () => names.map((name) => ({ name })) });
    }
  }
}

/** Runs the starter as the page's `<script defer src=… data-entry=…>` would. */
function runStarter({ entry = ENTRY }: { entry?: string | null } = {}): void {
  const script = document.createElement('script');
  if (entry !== null) script.setAttribute('data-entry', entry);
  document.head.append(script);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  try {
    new Function(STARTER)();
  } finally {
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  }
}

const entryScripts = () => [...document.querySelectorAll<HTMLScriptElement>(`script[src="${ENTRY}"]`)];

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

describe('start-after-paint (the page starter)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    FakePaintObserver.instances = [];
    Object.defineProperty(window, 'PerformanceObserver', { value: FakePaintObserver, configurable: true });
    setVisibility('visible');
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"><div class="prerendered"><h1>My Insurance</h1></div></div>';
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts the entry only after the prerendered frame has had its first contentful paint', () => {
    runStarter();
    jest.advanceTimersByTime(100);
    expect(entryScripts()).toHaveLength(0);

    // A paint without content (the page's background) is not the frame.
    FakePaintObserver.paint('first-paint');
    jest.advanceTimersByTime(0);
    expect(entryScripts()).toHaveLength(0);

    FakePaintObserver.paint('first-contentful-paint');
    // Two frames later (the rest of the frame may paint in the next one), in a task of its own.
    expect(entryScripts()).toHaveLength(0);
    jest.advanceTimersByTime(16);
    expect(entryScripts()).toHaveLength(0);
    jest.advanceTimersByTime(40);
    expect(entryScripts()).toHaveLength(1);
    expect(entryScripts()[0]?.async).toBe(false);
  });

  it('starts the entry once, even when the fallback timer fires after the paint', () => {
    runStarter();
    FakePaintObserver.paint('first-paint', 'first-contentful-paint');
    jest.advanceTimersByTime(5_000);
    expect(entryScripts()).toHaveLength(1);
    expect(FakePaintObserver.instances[0]?.observing).toBe(false);
  });

  it('starts the entry after a second when no paint is reported', () => {
    runStarter();
    jest.advanceTimersByTime(999);
    expect(entryScripts()).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(entryScripts()).toHaveLength(1);
  });

  it('starts the entry at once without a frame (the skeleton)', () => {
    document.body.innerHTML = '<div id="root"><div class="skeleton" aria-hidden="true"></div></div>';
    runStarter();
    expect(entryScripts()).toHaveLength(1);
    expect(FakePaintObserver.instances).toHaveLength(0);
  });

  it('starts the entry at once in a hidden tab, which paints nothing', () => {
    setVisibility('hidden');
    runStarter();
    expect(entryScripts()).toHaveLength(1);
  });

  it('starts two frames later where the browser has no paint timing', () => {
    const frames: FrameRequestCallback[] = [];
    const requestFrame = jest
      .spyOn(window, 'requestAnimationFrame')
      .mockImplementation((callback) => frames.push(callback));
    Object.defineProperty(window, 'PerformanceObserver', {
      value: class {
        observe(): void {
          throw new TypeError('paint timing is not supported');
        }
      },
      configurable: true,
    });
    runStarter();
    expect(entryScripts()).toHaveLength(0);
    frames.shift()?.(0);
    expect(entryScripts()).toHaveLength(0);
    frames.shift()?.(16);
    jest.advanceTimersByTime(0);
    expect(entryScripts()).toHaveLength(1);
    requestFrame.mockRestore();
  });

  it('does nothing when the page names no entry', () => {
    runStarter({ entry: null });
    jest.advanceTimersByTime(5_000);
    expect(document.querySelectorAll('script[src]')).toHaveLength(0);
  });

  it('marks the field the student is in and a form sent with Enter, for the app to take over', () => {
    document.body.innerHTML =
      '<div id="root"><div class="prerendered"><form><input name="email"><input name="password">' +
      '<button type="submit" disabled>Log in</button></form></div></div>';
    const [email, password] = [...document.querySelectorAll('input')];
    email?.focus();
    runStarter();
    // Already in a field when the starter ran.
    expect(email?.hasAttribute('data-frame-focus')).toBe(true);
    password?.focus();
    expect(email?.hasAttribute('data-frame-focus')).toBe(false);
    expect(password?.hasAttribute('data-frame-focus')).toBe(true);

    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    password?.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    expect(document.querySelector('form')?.hasAttribute('data-frame-submit')).toBe(true);
  });

  it('leaves other keys alone', () => {
    document.body.innerHTML =
      '<div id="root"><div class="prerendered"><form><input name="email"></form></div></div>';
    runStarter();
    const key = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    document.querySelector('input')?.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(false);
    expect(document.querySelector('form')?.hasAttribute('data-frame-submit')).toBe(false);
  });
});
