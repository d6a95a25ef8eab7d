// Finds a Chromium for the browser journeys, the benchmark and Lighthouse.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { run } from './run.mjs';
import { repoRoot } from './paths.mjs';
import { loud, step } from './log.mjs';

/** Where a system Chromium is installed (Debian's package, Ubuntu's, Google's). */
export const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** True on Debian and its derivatives (Ubuntu), where apt can install chromium. */
export function isDebianLike() {
  if (existsSync('/etc/debian_version')) return true;
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
}

/** True when running as root, so apt-get may be used. */
export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

const firstExisting = () => SYSTEM_PATHS.find((path) => existsSync(path));

const CHROMIUM_VARIABLES = ['CHROMIUM_PATH', 'CHROME_PATH'];

/**
 * The Chromium already on this machine, without installing one: CHROMIUM_PATH / CHROME_PATH when that
 * file exists, then the system's; or null.
 */
export function installedChromium(env = process.env, exists = existsSync) {
  const given = CHROMIUM_VARIABLES.map((name) => env[name]).find((path) => path && exists(path));
  return given ?? SYSTEM_PATHS.find((path) => exists(path)) ?? null;
}

/** Path of the Chromium that Playwright installs for itself (resolved from the e2e package). */
function playwrightChromiumPath() {
  const requireFromE2e = createRequire(join(repoRoot, 'e2e', 'package.json'));
  const { chromium } = requireFromE2e('@playwright/test');
  return chromium.executablePath();
}

/**
 * Returns the path of a Chromium binary: CHROMIUM_PATH / CHROME_PATH, then the system's,
 * then (as root on Debian/Ubuntu) one installed with apt-get, then Playwright's own download.
 */
export async function findChromium() {
  for (const name of CHROMIUM_VARIABLES) {
    const path = process.env[name];
    if (path && !existsSync(path)) loud(`${name}=${path} does not exist; looking for another Chromium.`);
  }
  const installed = installedChromium();
  if (installed) return installed;
  if (isRoot() && isDebianLike()) {
    step('Installing Chromium with apt-get');
    try {
      await run('apt-get', ['update']);
      await run('apt-get', ['install', '-y', 'chromium'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      const installed = firstExisting();
      if (installed) return installed;
    } catch (error) {
      loud(`apt-get could not install chromium (${error.message}); trying Playwright's download.`);
    }
  }
  step("Installing Playwright's Chromium");
  await run('npx', ['playwright', 'install', 'chromium'], { cwd: join(repoRoot, 'e2e') });
  const downloaded = playwrightChromiumPath();
  if (!existsSync(downloaded))
    throw new Error(`No Chromium found, and Playwright's download is missing at ${downloaded}.`);
  return downloaded;
}
