// WebKit: Debian's WebKitGTK (`webkit2gtk-driver`), WebKitWebDriver driving MiniBrowser over classic
// WebDriver, under a virtual X display. selenium-webdriver only talks to the driver we start; it never
// looks for or downloads one of its own (usingServer).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Builder, Capabilities } from 'selenium-webdriver';
import type { WebDriver, WebElement } from 'selenium-webdriver';
import { EngineSession } from './session';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const WEBKIT_BROWSER =
  process.env.WEBKIT_BROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB_RUN = process.env.XVFB_RUN ?? '/usr/bin/xvfb-run';
/**
 * How long a new session may take: a MiniBrowser that cannot open the virtual display exits, and
 * WebKitWebDriver then waits for it without end.
 */
const SESSION_START_MS = Number(process.env.WEBKIT_SESSION_START_MS ?? 30_000);

/** A port nobody listens on right now, for the driver. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** WebKitWebDriver under xvfb-run; one per test file, each test opens its own session. */
export class WebKitDriverServer {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  static async start(): Promise<WebKitDriverServer> {
    const port = await freePort();
    // Its own process group, so stopping it also stops Xvfb and the browsers it started.
    const child = spawn(XVFB_RUN, ['-a', WEBKIT_DRIVER, `--port=${port}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${child.exitCode}`);
      try {
        const response = await fetch(`${url}/status`);
        if (response.ok) return new WebKitDriverServer(url, child);
      } catch {
        // Not listening yet.
      }
      await sleep(200);
    }
    throw new Error(`WebKitWebDriver did not answer on ${url} within 30 s`);
  }

  stop(): void {
    if (this.child.pid === undefined || this.child.exitCode !== null) return;
    try {
      process.kill(-this.child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

export class WebKitSession extends EngineSession<WebElement> {
  readonly engine = 'webkit' as const;

  private constructor(
    baseUrl: string,
    private readonly driver: WebDriver,
  ) {
    super(baseUrl);
  }

  static async open(server: WebKitDriverServer, baseUrl: string): Promise<WebKitSession> {
    const capabilities = new Capabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: WEBKIT_BROWSER, args: ['--automation'] },
    });
    const starting = Promise.resolve(
      new Builder().usingServer(server.url).withCapabilities(capabilities).build(),
    );
    let timer: NodeJS.Timeout | undefined;
    const tooLate = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`MiniBrowser did not start within ${SESSION_START_MS} ms`)),
        SESSION_START_MS,
      );
    });
    let driver: WebDriver;
    try {
      driver = await Promise.race([starting, tooLate]);
    } catch (error) {
      // A session that still starts after all is ended; a driver stopped meanwhile rejects it.
      starting.then((late) => late.quit()).catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    await driver.manage().window().setRect({ width: 1280, height: 720 });
    return new WebKitSession(baseUrl, driver);
  }

  protected async execute(body: string, args: unknown[]): Promise<unknown> {
    return this.driver.executeScript(body, ...args);
  }

  protected async executeForElement(body: string, args: unknown[]): Promise<WebElement | string | null> {
    return (await this.driver.executeScript(body, ...args)) as WebElement | string | null;
  }

  protected async clickElement(element: WebElement): Promise<void> {
    await element.click();
  }

  protected async typeInto(element: WebElement, text: string): Promise<void> {
    try {
      await element.sendKeys(text);
    } catch (error) {
      // WebKitWebDriver sometimes calls a visible, enabled field "not focusable" while the page is
      // busy; a student clicks into it and types, so do that: the keys go to the focused field.
      if (!(error instanceof Error) || error.name !== 'ElementNotInteractableError') throw error;
      await element.click();
      await this.driver.actions().sendKeys(text).perform();
    }
  }

  protected async uploadTo(element: WebElement, paths: string[]): Promise<void> {
    await element.sendKeys(paths.join('\n'));
  }

  protected async navigate(url: string): Promise<void> {
    await this.driver.get(url);
  }

  async currentUrl(): Promise<string> {
    return this.driver.getCurrentUrl();
  }

  async reload(): Promise<void> {
    await this.driver.navigate().refresh();
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.driver.takeScreenshot(), 'base64');
  }

  async close(): Promise<void> {
    await this.driver.quit();
  }
}
