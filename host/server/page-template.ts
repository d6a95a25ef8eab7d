// The built page (`index.html`) as a template with named slots, found once by an HTML parser (parse5)
// rather than by regular expressions at every request: where `<html lang>` is, where the head ends
// (the preloads and the start data go there) and where the start-up skeleton is (a prerendered frame
// takes its place). A page is then the template's text with each slot filled.
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { Locale } from '@portal/shared/locales';
import type { PrerenderedShell, StartData } from '../src/app/start-data-shape';
import { PRERENDERED_PAGE_SLOT, START_DATA_ELEMENT_ID } from '../src/app/start-data-shape';
import type { Preload } from './preload-plan';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** A page's first frame in its layout, as the browser paints it before the scripts run. */
/**
 * A page's first frame in its layout. `inert`: the frame comes from a build that did not make it fit
 * for early input (an older remote release), so nothing in it may be used before the app replaces it.
 */
export type Prerendered = {
  locale: Locale;
  html: string;
  inert?: boolean;
  /** The frame shows one student's data (./student-frame.ts): the page is hers alone. */
  personal?: boolean;
};

/** The slots of the template: a range of its text, replaced when the page is made. */
type SlotName = 'htmlLang' | 'headEnd' | 'skeleton';
type Slot = { name: SlotName; start: number; end: number; insert?: boolean };

/** The built page, cut once at its slots. */
export interface PageTemplate {
  /** The host's own start-up files as the page names them (scripts, style sheets, script preloads). */
  preloads: Preload[];
  /** Whether the page has the skeleton that a prerendered frame replaces. */
  hasSkeleton: boolean;
  /**
   * The page with the start data and the preloads in its head. With a prerendered frame, that frame
   * takes the skeleton's place: its fields take input at once and its links work, its buttons wait for
   * the app (the build made them so, see @portal/shared's frame-html.ts), and the app takes over what
   * was typed when it replaces the frame (host/src/app/take-over-frame.ts). The page's style sheets are loaded before the first paint rather
   * than preloaded, and `<html lang>` is the frame's language.
   */
  render(data: StartData, preloads: readonly Preload[], prerendered?: Prerendered): string;
}

const isElement = (node: Node): node is Element => 'tagName' in node;

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
  if (isElement(node) && 'content' in node) yield* elements(node.content);
}

const attribute = (element: Element, name: string): string | undefined =>
  element.attrs.find((attr) => attr.name === name)?.value;

const hasClass = (element: Element, name: string): boolean =>
  (attribute(element, 'class') ?? '').split(/\s+/).includes(name);

const escapeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The `<link>` of a preload, as the page will ask for it (a manifest by fetch, an entry by script). */
function preloadTag({ href, as, priority }: Preload, stylesFirst = false): string {
  if (as === 'style' && stylesFirst) return `<link rel="stylesheet" href="${escapeAttribute(href)}" />`;
  const cors = as === 'fetch' ? ' crossorigin="anonymous"' : '';
  const low = priority === 'low' ? ' fetchpriority="low"' : '';
  return `<link rel="preload" as="${as}" href="${escapeAttribute(href)}"${cors}${low} />`;
}

/** Reads the built page once: its own start-up files and the places of its slots. */
export function parsePageTemplate(html: string): PageTemplate {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const preloads: Preload[] = [];
  const slots: Slot[] = [];
  for (const element of elements(document)) {
    const location = element.sourceCodeLocation;
    const rel = attribute(element, 'rel');
    const src = element.tagName === 'script' ? attribute(element, 'src') : undefined;
    const href = element.tagName === 'link' ? attribute(element, 'href') : undefined;
    if (src) preloads.push({ href: src, as: 'script' });
    else if (href && rel === 'stylesheet') preloads.push({ href, as: 'style' });
    else if (href && rel === 'preload' && attribute(element, 'as') === 'script')
      preloads.push({ href, as: 'script' });

    if (!location) continue;
    if (element.tagName === 'html') {
      const lang = location.attrs?.lang;
      slots.push(
        lang
          ? { name: 'htmlLang', start: lang.startOffset, end: lang.endOffset }
          : {
              name: 'htmlLang',
              start: (location.startTag?.startOffset ?? 0) + '<html'.length,
              end: (location.startTag?.startOffset ?? 0) + '<html'.length,
              insert: true,
            },
      );
    } else if (element.tagName === 'head' && location.endTag) {
      slots.push({ name: 'headEnd', start: location.endTag.startOffset, end: location.endTag.startOffset });
    } else if (
      element.tagName === 'div' &&
      hasClass(element, 'skeleton') &&
      !slots.some((s) => s.name === 'skeleton')
    ) {
      // From the skeleton to the end of its container (#root), as the app replaces all of it.
      const parent = element.parentNode;
      const containerEnd =
        parent && isElement(parent) ? parent.sourceCodeLocation?.endTag?.startOffset : undefined;
      slots.push({ name: 'skeleton', start: location.startOffset, end: containerEnd ?? location.endOffset });
    }
  }
  slots.sort((a, b) => a.start - b.start);
  const hasSkeleton = slots.some((slot) => slot.name === 'skeleton');

  return {
    preloads,
    hasSkeleton,
    render(data, pagePreloads, prerendered) {
      const frame = prerendered && hasSkeleton ? prerendered : undefined;
      const fill: Record<SlotName, (original: string, slot: Slot) => string> = {
        htmlLang: (original, slot) => (frame ? `${slot.insert ? ' ' : ''}lang="${frame.locale}"` : original),
        headEnd: () =>
          `${pagePreloads.map((preload) => preloadTag(preload, frame !== undefined)).join('')}` +
          `<script type="application/json" id="${START_DATA_ELEMENT_ID}">${escapeJson(data)}</script>`,
        skeleton: (original) =>
          frame ? `<div class="prerendered"${frame.inert ? ' inert' : ''}>${frame.html}</div>` : original,
      };
      let page = '';
      let at = 0;
      for (const slot of slots) {
        page += html.slice(at, slot.start) + fill[slot.name](html.slice(slot.start, slot.end), slot);
        at = slot.end;
      }
      return page + html.slice(at);
    },
  };
}

/**
 * The prerendered shell for a URL: the layout in the visitor's language, for a visitor or a student,
 * with the navigation entry current that the URL is beneath (the longest that matches, as NavLink).
 */
export function shellFor(
  shell: PrerenderedShell | undefined,
  locale: Locale,
  member: boolean,
  pathname: string,
): string | undefined {
  const byPath = shell?.[locale]?.[member ? 'member' : 'guest'];
  if (!byPath) return undefined;
  const current = Object.keys(byPath)
    .filter((path) => path !== '' && (pathname === path || pathname.startsWith(`${path}/`)))
    .sort((a, b) => b.length - a.length)[0];
  const html = byPath[current ?? ''];
  return typeof html === 'string' && html.includes(PRERENDERED_PAGE_SLOT) ? html : undefined;
}
