// One browser session, whatever engine drives it. Each engine (webkit.ts over classic WebDriver,
// firefox.ts over WebDriver BiDi) supplies a handful of primitives; the waiting, the finding and the
// checks the journeys use are written once here, so both engines run the very same journeys.
import { setTimeout as sleep } from 'node:timers/promises';
import { RESOLVE_SCRIPT, page, testingLibrarySource } from './query';
import type { EncodedQuery, Query, TextMatch } from './query';

export type EngineName = 'webkit' | 'firefox';

/** How long a check waits for the page to get there, as Playwright's expect timeout. */
const TIMEOUT_MS = Number(process.env.ENGINES_TIMEOUT_MS ?? 15_000);
const POLL_MS = 150;

const matches = (actual: string, expected: TextMatch): boolean =>
  typeof expected === 'string' ? actual.trim() === expected : expected.test(actual);

export abstract class EngineSession<Handle = unknown> {
  constructor(readonly baseUrl: string) {}

  abstract readonly engine: EngineName;

  /** Run a function body (with `arguments`) in the page; awaits a returned promise. */
  protected abstract execute(body: string, args: unknown[]): Promise<unknown>;
  /**
   * Run a function body that returns an element, as a handle the driver can act on; a string the
   * body returns instead comes back as it is.
   */
  protected abstract executeForElement(body: string, args: unknown[]): Promise<Handle | string | null>;
  /** A real click on the element, through the engine's input events. */
  protected abstract clickElement(element: Handle): Promise<void>;
  /** Real key presses into the focused element. */
  protected abstract typeInto(element: Handle, text: string): Promise<void>;
  /** Hand files to an `<input type="file">` as the file chooser would. */
  protected abstract uploadTo(element: Handle, paths: string[]): Promise<void>;
  protected abstract navigate(url: string): Promise<void>;
  abstract currentUrl(): Promise<string>;
  abstract reload(): Promise<void>;
  /** A PNG of the viewport. */
  abstract screenshot(): Promise<Buffer>;
  abstract close(): Promise<void>;

  /** Open a path of the portal (or a full URL). */
  async goto(path: string): Promise<void> {
    await this.navigate(new URL(path, this.baseUrl).toString());
  }

  /**
   * Waits until the portal has started on the page: the server's prerendered frame has been replaced
   * by the working page (as appStarted in e2e/support/portal.ts does for Playwright). A click computed on the
   * frame and landing after the take-over can meet a different layout, and hit nothing.
   */
  async appStarted(): Promise<void> {
    await this.expectCount(page.css('#root > .prerendered'), 0);
  }

  /** Run a function body in the page and return its (JSON) result. */
  async evaluate<T>(body: string, ...args: unknown[]): Promise<T> {
    return (await this.execute(body, args)) as T;
  }

  /** GET a same-origin path with the page's own cookies: the api as this student sees it. */
  async fetchFromPage(path: string): Promise<{ status: number; body: unknown }> {
    return this.evaluate<{ status: number; body: unknown }>(
      `return fetch(arguments[0], { credentials: 'same-origin' }).then(function (response) {
         return response.text().then(function (text) {
           var body = null;
           try { body = text ? JSON.parse(text) : null; } catch (error) { body = text; }
           return { status: response.status, body: body };
         });
       });`,
      path,
    );
  }

  private async ensureQueries(): Promise<void> {
    const started = Date.now();
    await this.execute(`${testingLibrarySource()}\nreturn true;`, []);
    if (process.env.ENGINES_DEBUG)
      console.log(`${this.engine}: queries injected in ${Date.now() - started} ms`);
  }

  private async resolve(query: EncodedQuery, want: 'count' | 'texts'): Promise<unknown> {
    let answer = await this.execute(RESOLVE_SCRIPT, [query, want]);
    if (answer === 'inject') {
      await this.ensureQueries();
      answer = await this.execute(RESOLVE_SCRIPT, [query, want]);
    }
    return answer;
  }

  private async element(query: EncodedQuery): Promise<Handle | null> {
    let found = await this.executeForElement(RESOLVE_SCRIPT, [query, 'element']);
    if (found === 'inject') {
      // A new document: load the queries into it and ask again.
      await this.ensureQueries();
      found = await this.executeForElement(RESOLVE_SCRIPT, [query, 'element']);
    }
    return typeof found === 'string' ? null : found;
  }

  /** Retry `attempt` until it answers something other than undefined, or fail with `what`. */
  async waitFor<T>(what: string | (() => string), attempt: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + TIMEOUT_MS;
    let lastError: unknown;
    for (;;) {
      try {
        const result = await attempt();
        if (result !== undefined) return result;
      } catch (error) {
        // A navigation in between (stale element, context gone): ask again.
        lastError = error;
        if (process.env.ENGINES_DEBUG) console.log(`${this.engine}: ${String(error)}`);
      }
      if (Date.now() > deadline) {
        const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
        const described = typeof what === 'string' ? what : what();
        throw new Error(`${this.engine}: timed out after ${TIMEOUT_MS} ms waiting for ${described}${cause}`);
      }
      await sleep(POLL_MS);
    }
  }

  private async find(locator: Query): Promise<Handle> {
    return this.waitFor(locator.description, async () => (await this.element(locator.query)) ?? undefined);
  }

  async count(locator: Query): Promise<number> {
    return (await this.resolve(locator.query, 'count')) as number;
  }

  /** The text of every match. */
  async texts(locator: Query): Promise<string[]> {
    return (await this.resolve(locator.query, 'texts')) as string[];
  }

  async click(locator: Query): Promise<void> {
    await this.waitFor(`${locator.description} to click`, async () => {
      const element = await this.find(locator);
      // As Playwright waits for an element to be enabled: a click on a button that is disabled, or
      // inert (the server's frame before the app has started), does nothing and is not a click.
      const waiting = await this.execute(
        `var el = arguments[0]; return !!(el.disabled || (el.closest && el.closest('[inert]')));`,
        [element],
      );
      if (waiting) return undefined;
      await this.clickElement(element);
      return true;
    });
  }

  /** Empty the field, then type `value` with real key presses (React sees every keystroke). */
  async fill(locator: Query, value: string): Promise<void> {
    await this.waitFor(`${locator.description} to take "${value}"`, async () => {
      await this.fillOnce(await this.find(locator), value);
      return (await this.value(locator)) === value ? true : undefined;
    });
  }

  private async fillOnce(element: Handle, value: string): Promise<void> {
    await this.execute(
      `var el = arguments[0];
       el.focus();
       var proto = el.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
       Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, '');
       el.dispatchEvent(new Event('input', { bubbles: true }));`,
      [element],
    );
    await this.typeInto(element, value);
  }

  /** Choose the option of a `<select>` whose text is `label`. */
  async select(locator: Query, label: string): Promise<void> {
    const element = await this.find(locator);
    const chosen = await this.execute(
      `var select = arguments[0];
       var label = arguments[1];
       var option = null;
       for (var i = 0; i < select.options.length; i++) {
         if (select.options[i].text.trim() === label) option = select.options[i];
       }
       if (!option) return false;
       var setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
       setter.call(select, option.value);
       select.dispatchEvent(new Event('input', { bubbles: true }));
       select.dispatchEvent(new Event('change', { bubbles: true }));
       return true;`,
      [element, label],
    );
    if (chosen !== true) throw new Error(`${this.engine}: ${locator.description} has no option "${label}"`);
  }

  async upload(locator: Query, paths: string[]): Promise<void> {
    await this.waitFor(`${locator.description} to take ${paths.length} file(s)`, async () => {
      await this.uploadTo(await this.find(locator), paths);
      return true;
    });
  }

  async value(locator: Query): Promise<string> {
    const element = await this.find(locator);
    return (await this.execute('return arguments[0].value;', [element])) as string;
  }

  async expectVisible(locator: Query): Promise<void> {
    await this.waitFor(`${locator.description} to be visible`, async () =>
      (await this.count(locator)) > 0 ? true : undefined,
    );
  }

  async expectCount(locator: Query, expected: number): Promise<void> {
    let last: number | undefined;
    await this.waitFor(
      () => `${locator.description} ×${expected} (last seen ×${last ?? 'none'})`,
      async () => {
        last = await this.count(locator);
        return last === expected ? true : undefined;
      },
    );
  }

  /** No match reads `unexpected` (e.g. a status that must be gone). */
  async expectNoText(locator: Query, unexpected: TextMatch): Promise<void> {
    await this.waitFor(`no ${locator.description} to read ${String(unexpected)}`, async () =>
      (await this.texts(locator)).some((text) => matches(text, unexpected)) ? undefined : true,
    );
  }

  async expectText(locator: Query, expected: TextMatch): Promise<void> {
    await this.waitFor(`${locator.description} to read ${String(expected)}`, async () =>
      (await this.texts(locator)).some((text) => matches(text, expected)) ? true : undefined,
    );
  }

  async expectValue(locator: Query, expected: string): Promise<void> {
    await this.waitFor(`${locator.description} to hold "${expected}"`, async () =>
      (await this.value(locator)) === expected ? true : undefined,
    );
  }

  async expectUrl(pattern: RegExp): Promise<void> {
    let last = '';
    await this.waitFor(`the address to match ${pattern}`, async () => {
      last = await this.currentUrl();
      return pattern.test(last) ? true : undefined;
    });
  }

  /** The document's `lang`, as the language switch sets it. */
  async expectLang(pattern: RegExp): Promise<void> {
    await this.waitFor(`<html lang> to match ${pattern}`, async () =>
      pattern.test(await this.evaluate<string>('return document.documentElement.lang;')) ? true : undefined,
    );
  }
}
