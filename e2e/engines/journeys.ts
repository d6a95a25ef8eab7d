// The cross-remote core journeys, written once and run in every engine (webkit.test.ts,
// firefox.test.ts): log in, My Insurance, Invoices and paying in the sandbox, a claim with one
// receipt, Profile, the Dutch switch, logout, and the Emergency Pass without a network. Each journey
// gets a fresh browser session; a failure saves a screenshot of the page.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import type { TestContext } from 'node:test';
import { DEMO_PASSWORD, GTM_ID, USERS } from '../support/origins';
import { page } from './query';
import type { EngineName, EngineSession } from './session';
import { bringStackUp, canTakeStackDown, takeStackDown } from './stack-control';

/** Where a failing journey leaves its screenshot (the stage prints the folder). */
export const RESULTS_DIR = resolve(
  process.env.ENGINES_RESULTS_DIR ?? join(__dirname, '..', 'test-results', 'engines'),
);

const JOURNEY_TIMEOUT_MS = 300_000;

const main = page.role('main');
const mainNavigation = page.role('navigation', 'Main navigation');
const logoutEntry = mainNavigation.role('button', 'Log out');
const dutchNavigation = page.role('navigation', 'Hoofdnavigatie');
const languageSwitch = (group: 'Language' | 'Taal', language: 'EN' | 'NL') =>
  page.role('group', group).role('button', language);

interface RawPolicy {
  policyId: string;
  policyNumber?: string;
  applicationNumber?: string;
}

interface RawInvoice {
  invoiceNumber: string;
  policyNumber: string;
  isOutstanding: 'J' | 'N';
}

const consentBanner = page.role('region', 'Cookies on this portal');

async function logIn(session: EngineSession, email: string = USERS.anna): Promise<void> {
  await session.goto('/en/login');
  // Each journey is a first visit: the student answers the cookie question first.
  await session.click(consentBanner.role('button', 'Reject analytics cookies'));
  await session.expectCount(consentBanner, 0);
  await session.fill(page.label('E-mail address'), email);
  await session.fill(page.label('Password'), DEMO_PASSWORD);
  await session.click(page.role('button', 'Log in'));
  await session.expectUrl(/\/en\/insurances/);
  await session.expectVisible(logoutEntry);
}

/** GET from the api with the page's own session cookie; fails unless it answers `expected`. */
async function apiGet<T>(session: EngineSession, path: string, expected = [200]): Promise<T> {
  const { status, body } = await session.fetchFromPage(path);
  assert.ok(expected.includes(status), `GET ${path} answered ${status}`);
  return body as T;
}

async function annasProfileId(session: EngineSession): Promise<string> {
  return (await apiGet<{ profileId: string }>(session, '/api/checksession')).profileId;
}

const numberOf = (policy: RawPolicy): string => policy.policyNumber ?? policy.applicationNumber ?? '';

/** A receipt as a student's file chooser hands it over: a small, real PDF on disk. */
function receiptFile(folder: string, name: string): string {
  const path = join(folder, name);
  const body = Buffer.alloc(2048, 0x20);
  Buffer.from('%PDF-1.4\n', 'latin1').copy(body);
  writeFileSync(path, body);
  return path;
}

/** A day relative to today as the claim form takes it (dd/mm/yyyy). */
function formDate(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** Registers the journeys for one engine; `open` starts a fresh browser session. */
export function defineJourneys(engine: EngineName, open: () => Promise<EngineSession>): void {
  const scratch = mkdtempSync(join(tmpdir(), `portal-engines-${engine}-`));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  const journey = (name: string, body: (session: EngineSession, t: TestContext) => Promise<void>) =>
    test(`${engine}: ${name}`, { timeout: JOURNEY_TIMEOUT_MS }, async (t) => {
      const session = await open();
      try {
        await body(session, t);
      } catch (error) {
        // As Playwright does: the page as it was when the journey failed.
        mkdirSync(RESULTS_DIR, { recursive: true });
        const file = join(RESULTS_DIR, `${engine}-${slug(name)}.png`);
        try {
          writeFileSync(file, await session.screenshot());
          t.diagnostic(`screenshot: ${file}`);
          if (error instanceof Error) error.message += `\nscreenshot: ${file}`;
        } catch (screenshotError) {
          t.diagnostic(`no screenshot: ${String(screenshotError)}`);
        }
        throw error;
      } finally {
        await session.close();
      }
    });

  journey(
    'nothing of the tag manager runs before consent; accepting starts it without a reload',
    async (session) => {
      const tagManager = () =>
        session.evaluate<{ scripts: number; events: string[]; commands: string[] }>(
          `var layer = window.dataLayer || [];
         return {
           scripts: document.querySelectorAll('script[src*="googletagmanager"]').length,
           events: layer.map(function (entry) { return entry && entry.event ? entry.event : ''; }),
           commands: layer.map(function (entry) {
             return Object.prototype.toString.call(entry) === '[object Arguments]' ? entry[0] + ' ' + entry[1] : '';
           }),
         };`,
        );
      await session.goto('/en/service-contact/emergency');
      await session.expectVisible(consentBanner);
      // No wall: the Emergency page is there to read while the banner is open.
      await session.expectVisible(main.role('heading', /Emergency/, { level: 1 }));
      const before = await tagManager();
      assert.equal(before.scripts, 0, 'no tag-manager script before the choice');
      assert.ok(!before.events.includes('gtm.js') && !before.events.includes('content-view'));

      await session.click(consentBanner.role('button', 'Accept analytics cookies'));
      await session.expectCount(consentBanner, 0);
      const accepted = await session.waitFor('the tag manager', async () => {
        const state = await tagManager();
        return state.scripts === 1 && state.events.includes('content-view') ? state : undefined;
      });
      assert.deepEqual(accepted.commands.slice(0, 2), ['consent default', 'consent update']);
      assert.ok(
        await session.evaluate<boolean>(
          `return document.querySelector('script[src*="googletagmanager"]').src.indexOf(arguments[0]) > 0;`,
          GTM_ID,
        ),
      );

      // The choice is kept; "Cookie settings" changes it.
      await session.reload();
      await session.expectVisible(main.role('heading', /Emergency/, { level: 1 }));
      await session.expectCount(consentBanner, 0);
      // The page's frame shows the heading and the footer before the app has taken over from it.
      await session.appStarted();
      await session.click(page.role('contentinfo').role('link', 'Cookie settings'));
      await session.click(consentBanner.role('button', 'Reject analytics cookies'));
      await session.expectCount(consentBanner, 0);
      const rejected = await tagManager();
      assert.equal(rejected.commands.at(-1), 'consent update');
    },
  );

  journey('anna logs in and My Insurance shows each of her policy numbers', async (session) => {
    await logIn(session);
    const profileId = await annasProfileId(session);
    const policies = await apiGet<RawPolicy[]>(session, `/api/en/profiles/${profileId}/policies`);
    assert.ok(policies.length > 0, 'anna has policies');
    for (const policy of policies) {
      const number = numberOf(policy);
      assert.ok(number, `policy ${policy.policyId} has a policy or application number`);
      await session.expectVisible(main.text(number, { exact: false }));
    }
    await session.expectCount(main.role('article'), policies.length);
  });

  journey('Invoices lists her invoices, and an open one is paid by iDeal in the sandbox', async (session) => {
    await logIn(session);
    const profileId = await annasProfileId(session);
    const invoices = await apiGet<RawInvoice[]>(session, `/api/en/profiles/${profileId}/invoices`);
    assert.ok(invoices.length > 0, 'anna has invoices');
    await session.click(mainNavigation.role('link', 'Invoices'));
    await session.expectUrl(/\/en\/invoices$/);
    for (const invoice of invoices) {
      const table = main.role('table', invoice.isOutstanding === 'J' ? 'Open' : 'Paid');
      await session.expectVisible(table.role('rowheader', invoice.invoiceNumber));
    }

    const open = main.role('table', 'Open');
    await session.click(open.role('link', 'Pay invoice INV-100103'));
    await session.expectUrl(/\/en\/invoices\/INV-100103\/pay$/);
    await session.expectVisible(main.role('heading', 'Pay invoice INV-100103', { level: 1 }));
    await session.expectVisible(main.text('€20.00'));
    await session.click(main.role('radio', 'iDeal'));
    await session.click(main.role('button', 'Pay'));
    await session.expectUrl(/\/api\/sandbox\/pay\/[0-9a-f]{32}$/);
    await session.expectVisible(page.role('heading', 'Payment sandbox'));
    await session.click(page.role('button', 'Pay'));

    await session.expectUrl(/\/en\/invoices\?invoice=INV-100103&payment=paid$/);
    await session.expectVisible(main.text('Payment received'));
    await session.expectVisible(main.role('table', 'Paid').role('rowheader', 'INV-100103'));
    await session.expectCount(main.role('table', 'Open').role('rowheader', 'INV-100103'), 0);
    const after = await apiGet<RawInvoice[]>(session, `/api/en/profiles/${profileId}/invoices`);
    assert.equal(after.find((invoice) => invoice.invoiceNumber === 'INV-100103')?.isOutstanding, 'N');
  });

  journey('anna files a claim with one receipt and opens it on the Claims page', async (session) => {
    await logIn(session);
    await session.goto('/en/service-contact/file-a-claim');
    await session.expectVisible(page.role('heading', 'File a claim', { level: 1 }));
    await session.select(page.label('Policy'), 'TR-2026-100101 – Travel insurance');
    await session.select(page.label('Claim category'), 'Medical or other costs');
    await session.fill(page.label('Incident date'), formDate(-3));
    await session.fill(page.label('Description'), `Doctor visit in ${engine}`);
    await session.fill(page.label('Amount claimed (EUR)'), '125,50');
    await session.fill(page.label('IBAN for the payout'), 'NL91 ABNA 0417 1643 00');
    await session.upload(page.label('Receipts'), [receiptFile(scratch, 'doctor-bill.pdf')]);
    const added = page.role('list', 'Files added').role('listitem');
    await session.expectCount(added, 1);
    await session.expectText(added, /doctor-bill\.pdf/);

    await session.click(page.role('button', 'Send claim'));
    await session.expectVisible(page.role('heading', 'Your claim has been received'));
    const [claimNumber = ''] = (await session.texts(page.css('.claim-done__number'))).map((text) =>
      text.trim(),
    );
    assert.match(claimNumber, /^CLM-\d{4}-[0-9A-F]{8}$/);
    await session.click(page.role('link', 'View your claim on the Claims page'));
    await session.expectUrl(new RegExp(`/en/claims/${claimNumber}$`));
    await session.expectVisible(page.role('heading', `Claim ${claimNumber}`, { level: 1 }));
    await session.expectText(page.role('list', 'Status timeline').role('listitem'), /Received/);
    await session.expectVisible(page.role('button', 'Download doctor-bill.pdf'));
  });

  journey('Profile saves a changed surname that is still there after a reload', async (session) => {
    await logIn(session);
    await session.click(mainNavigation.role('link', 'Profile'));
    await session.expectUrl(/\/en\/profile$/);
    await session.expectVisible(page.role('heading', 'Profile', { level: 1 }));
    const details = main.role('region', 'Personal details');
    const surname = details.label('Surname');
    const before = await session.value(surname);
    assert.notEqual(before, '', 'the surname is filled in');

    await session.fill(surname, `Bakker-${engine}`);
    await session.click(details.role('button', 'Save personal details'));
    await session.expectVisible(details.text('Your personal details are saved.'));
    await session.reload();
    await session.expectValue(surname, `Bakker-${engine}`);

    // Back as it was, for the other journeys.
    await session.fill(surname, before);
    await session.click(details.role('button', 'Save personal details'));
    await session.expectVisible(details.text('Your personal details are saved.'));
  });

  journey('the language switch turns the portal Dutch and back to English', async (session) => {
    await logIn(session);
    await session.click(languageSwitch('Language', 'NL'));
    await session.expectLang(/^nl/);
    await session.expectVisible(main.role('heading', 'Mijn verzekering', { level: 1 }));
    await session.expectVisible(dutchNavigation.role('link', 'Mijn verzekering'));
    await session.expectVisible(dutchNavigation.role('button', 'Uitloggen'));
    // The remotes follow: the invoices page of remote-billing speaks Dutch too.
    await session.click(dutchNavigation.role('link', 'Facturen'));
    await session.expectUrl(/\/invoices$/);
    await session.expectVisible(main.role('heading', 'Facturen', { level: 1 }));

    await session.click(languageSwitch('Taal', 'EN'));
    await session.expectLang(/^en/);
    await session.expectVisible(main.role('heading', 'Invoices', { level: 1 }));
  });

  journey('logging out ends the session on the server too', async (session) => {
    await logIn(session);
    await session.click(logoutEntry);
    await session.expectCount(logoutEntry, 0);
    await session.expectVisible(mainNavigation.role('link', 'Log in'));
    const { status } = await session.fetchFromPage('/api/checksession');
    assert.equal(status, 401, 'the server forgot the session');
    // A page that needs a login now sends her to the login form.
    await session.goto('/en/invoices');
    await session.expectUrl(/\/en\/login/);
  });

  journey('the Emergency Pass kept on the device opens without a network', async (session, t) => {
    const pass = page.role('region', 'Emergency Pass');
    if (!canTakeStackDown()) {
      t.skip('the portal was not started by the engines stage, so it cannot be taken off the network');
      return;
    }
    await logIn(session);
    const profileId = await annasProfileId(session);
    const policies = await apiGet<RawPolicy[]>(session, `/api/en/profiles/${profileId}/policies`);
    const policyNumber = policies[0]?.policyNumber ?? '';
    assert.notEqual(policyNumber, '', 'anna has a policy number');

    await session.goto('/en/service-contact/emergency');
    // The 24/7 number from the content endpoint: the first link to a phone on the page.
    const phone = await session.waitFor('the 24/7 number', async () => {
      const number = await session.evaluate<string | null>(
        `var call = document.querySelector('main .emergency-contacts a[href^="tel:"]');
         return call ? call.textContent.trim() : null;`,
      );
      return number || undefined;
    });
    const workerReady = await session.evaluate<boolean>(
      `if (!('serviceWorker' in navigator)) return false;
       return navigator.serviceWorker.ready.then(function () { return true; });`,
    );
    if (!workerReady) {
      t.skip(`${engine} has no service worker for this page, so nothing can open offline`);
      return;
    }
    await session.click(pass.role('button', 'Keep on this device'));
    const kept = 'Your Emergency Pass is kept on this device. This page opens without a network.';
    const keptOnline = /This browser cannot keep the page for use without a network/;
    await session.expectText(
      pass.role('status'),
      new RegExp(`${kept.replace(/\./g, '\\.')}|${keptOnline.source}`),
    );
    if ((await session.texts(pass.role('status'))).some((text) => keptOnline.test(text))) {
      t.skip(`${engine}'s service worker could not keep the page: the portal says so to the student`);
      return;
    }
    await session.expectVisible(pass.text(policyNumber));

    await takeStackDown();
    try {
      await session.reload();
      await session.expectVisible(page.role('heading', undefined, { level: 1 }));
      // The page was kept with its content (the host sends it with the page): offline, the 24/7
      // number shows beside the pass.
      await session.waitFor('the 24/7 number offline', async () => {
        const number = await session.evaluate<string | null>(
          `var call = document.querySelector('main .emergency-contacts a[href^="tel:"]');
           return call ? call.textContent.trim() : null;`,
        );
        return number === phone || undefined;
      });
      await session.expectVisible(pass.text(policyNumber));
      await session.expectVisible(pass.role('link', phone));
      await session.expectVisible(pass.text(/^Saved on /));
    } finally {
      await bringStackUp();
    }

    // Back online: logging out takes the pass off the device. The page first shows the 24/7
    // numbers from the network again, so the session check after the reload is done.
    await session.reload();
    await session.expectNoText(page.role('status'), /You are offline/);
    await session.expectVisible(main.role('link', phone));
    await session.click(logoutEntry);
    await session.expectCount(logoutEntry, 0);
    await session.goto('/en/service-contact/emergency');
    await session.expectCount(page.text(policyNumber), 0);
  });
}
