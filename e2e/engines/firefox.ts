// Firefox: Debian's Firefox ESR (`firefox-esr`), driven over WebDriver BiDi by puppeteer-core, which
// launches the given binary and never downloads a browser of its own.
import puppeteer from 'puppeteer-core';
import type { Browser, BrowserContext, ElementHandle, Page } from 'puppeteer-core';
import { EngineSession } from './session';

export const FIREFOX_BINARY = process.env.FIREFOX_BINARY ?? '/usr/bin/firefox-esr';

/**
 * A function object from a body, so puppeteer can pass element handles as its arguments. The page
 * scripts are strings on purpose (query.ts): the compiler's helpers must not leak into the page.
 */
const pageFunction = (body: string) => new Function(body) as (...args: unknown[]) => unknown;

/** One Firefox per test file; each journey gets its own private context (cookies, storage, workers). */
export class FirefoxBrowser {
  private constructor(readonly browser: Browser) {}

  static async launch(): Promise<FirefoxBrowser> {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_BINARY,
      headless: true,
      defaultViewport: { width: 1280, height: 720 },
      // The portal speaks en-GB by default; the browser asks for it as Playwright's locale does.
      extraPrefsFirefox: { 'intl.accept_languages': 'en-GB, en' },
    });
    return new FirefoxBrowser(browser);
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

export class FirefoxSession extends EngineSession<ElementHandle> {
  readonly engine = 'firefox' as const;

  private constructor(
    baseUrl: string,
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    super(baseUrl);
  }

  static async open(firefox: FirefoxBrowser, baseUrl: string): Promise<FirefoxSession> {
    const context = await firefox.browser.createBrowserContext();
    const page = await context.newPage();
    return new FirefoxSession(baseUrl, context, page);
  }

  protected async execute(body: string, args: unknown[]): Promise<unknown> {
    return this.page.evaluate(pageFunction(body), ...args);
  }

  protected async executeForElement(body: string, args: unknown[]): Promise<ElementHandle | string | null> {
    const handle = await this.page.evaluateHandle(pageFunction(body), ...args);
    const element = handle.asElement();
    if (element) return element as ElementHandle;
    const value: unknown = await handle.jsonValue();
    await handle.dispose();
    return typeof value === 'string' ? value : null;
  }

  protected async clickElement(element: ElementHandle): Promise<void> {
    await element.click();
  }

  protected async typeInto(element: ElementHandle, text: string): Promise<void> {
    await element.type(text);
  }

  protected async uploadTo(element: ElementHandle, paths: string[]): Promise<void> {
    await (element as ElementHandle<HTMLInputElement>).uploadFile(...paths);
  }

  protected async navigate(url: string): Promise<void> {
    await this.page.goto(url);
  }

  async currentUrl(): Promise<string> {
    return this.page.url();
  }

  async reload(): Promise<void> {
    await this.page.reload();
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.page.screenshot());
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}
