/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { START_DATA_ELEMENT_ID } from '../src/app/start-data-shape';
import { parsePageTemplate, shellFor } from './page-template';
import { SHELL } from './test-fixtures';

const DATA = { runtime: { remotes: {}, gtmId: null, contentRoot: '/' } } as never;

describe('the page template', () => {
  it("should read the host's scripts, style sheets and script preloads from the built page", () => {
    const built =
      '<head><script defer src=/en/assets/main.1.js></script><link href=/en/assets/main.2.css rel=stylesheet>' +
      '<link rel=preload as=script href=/en/assets/635.3.js fetchpriority=low><link rel=icon href=/en/favicon.svg>' +
      '<script type="application/json" id="x">{}</script></head>';
    expect(parsePageTemplate(built).preloads).toEqual([
      { href: '/en/assets/main.1.js', as: 'script' },
      { href: '/en/assets/main.2.css', as: 'style' },
      { href: '/en/assets/635.3.js', as: 'script' },
    ]);
  });

  it('should mark the navigation entry the URL is beneath, the longest that matches', () => {
    expect(shellFor(SHELL, 'en-GB', true, '/insurances/P-1/renew')).toContain('My Insurance current');
    expect(shellFor(SHELL, 'en-GB', true, '/insurances-old')).toContain('<header>member</header>');
    expect(shellFor(SHELL, 'nl', false, '/login')).toContain('Inloggen huidig');
    expect(shellFor(undefined, 'nl', false, '/login')).toBeUndefined();
    expect(
      shellFor({ nl: { guest: { '': '<div>no slot</div>' }, member: {} } }, 'nl', false, '/'),
    ).toBeUndefined();
  });

  it('should put content texts with $ patterns in the start data as they are', () => {
    const title = "Fees: $& $' $` $$ $1";
    const template = '<html><head><title>t</title></head><body></body></html>';
    const page = parsePageTemplate(template).render(
      { runtime: { remotes: {}, gtmId: null, contentRoot: '/' }, title } as never,
      [],
    );
    const block = /<script type="application\/json" id="[^"]+">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(JSON.parse(block).title).toBe(title);
    expect(page.endsWith('</head><body></body></html>')).toBe(true);
  });

  it('should put the frame in the place of an unminified skeleton too', () => {
    const template = fs.readFileSync(path.join(__dirname, '..', 'src', 'index.html'), 'utf8');
    const page = parsePageTemplate(template).render(
      { runtime: { remotes: {}, gtmId: null, contentRoot: '/' } } as never,
      [],
      {
        locale: 'nl',
        html: '<h1>Inloggen</h1>',
      },
    );
    expect(page).toContain('<div class="prerendered"><h1>Inloggen</h1></div></div>\n    <noscript>');
    expect(page).not.toContain('class="skeleton');
    expect(page).toContain('<html lang="nl">');
  });

  it('should find its slots once and fill them for every page alike', () => {
    const template = parsePageTemplate(
      '<!doctype html><html><head><title>t</title></head><body><div id=root><div class=skeleton>…</div></div><noscript>x</noscript></body></html>',
    );
    expect(template.hasSkeleton).toBe(true);
    const first = template.render(DATA, [{ href: '/a.js', as: 'script' }], {
      locale: 'nl',
      html: '<h1>A</h1>',
    });
    const second = template.render(DATA, [], { locale: 'en-GB', html: '<h1>B</h1>' });
    expect(first).toContain(
      '<html lang="nl"><head><title>t</title><link rel="preload" as="script" href="/a.js" />',
    );
    expect(first).toContain('<div id=root><div class="prerendered"><h1>A</h1></div></div><noscript>');
    expect(second).toContain('<html lang="en-GB">');
    expect(second).not.toContain('/a.js');
  });

  it('should keep the skeleton and the language without a frame, and leave a page without a skeleton as it is', () => {
    const html = '<html lang=en-GB><head></head><body><div id=root><p>Loading</p></div></body></html>';
    const page = parsePageTemplate(html).render(DATA, [], { locale: 'nl', html: '<h1>x</h1>' });
    expect(page).toContain('<html lang=en-GB>');
    expect(page).not.toContain('prerendered');
    expect(page).toContain(`<script type="application/json" id="${START_DATA_ELEMENT_ID}">`);
  });

  it('should not take a skeleton word in a text or an attribute value for the slot', () => {
    const html =
      '<html><head><meta name="x" content="<div class=skeleton>"></head><body><p>class=skeleton</p><div id=root></div></body></html>';
    expect(parsePageTemplate(html).hasSkeleton).toBe(false);
  });
});
