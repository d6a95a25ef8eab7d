// How the engine journeys find things: by role and accessible name, by label and by text, as the
// Playwright journeys do. The queries run inside the page with Testing Library's DOM queries (the
// same accessible-name rules the unit tests use), so WebKit and Firefox answer them the same way.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Text to match: a string matches the whole (trimmed) text, a RegExp any part of it. */
export type TextMatch = string | RegExp;

type EncodedText = string | { source: string; flags: string };

/** A query as it travels into the page (RegExps cannot be sent as they are). */
export interface EncodedQuery {
  by: 'role' | 'label' | 'text' | 'css';
  value: string | EncodedText;
  name?: EncodedText;
  level?: number;
  exact?: boolean;
  nth?: number;
  within?: EncodedQuery;
}

const encode = (text: TextMatch): EncodedText =>
  typeof text === 'string' ? text : { source: text.source, flags: text.flags };

/**
 * An element (or several) described by how a student finds it. Chained calls look inside the
 * previous match: `page.role('main').text('€20.00')`.
 */
export class Query {
  constructor(
    readonly encoded: EncodedQuery | undefined,
    readonly description: string,
  ) {}

  private child(query: EncodedQuery, description: string): Query {
    return new Query(
      { ...query, ...(this.encoded ? { within: this.encoded } : {}) },
      this.encoded ? `${this.description} › ${description}` : description,
    );
  }

  /** By ARIA role and accessible name (hidden elements never match). */
  role(role: string, name?: TextMatch, options: { level?: number } = {}): Query {
    return this.child(
      { by: 'role', value: role, ...(name === undefined ? {} : { name: encode(name) }), ...options },
      `${role}${name === undefined ? '' : ` "${String(name)}"`}`,
    );
  }

  /** A form field by its label. */
  label(text: TextMatch): Query {
    return this.child({ by: 'label', value: encode(text) }, `field labelled "${String(text)}"`);
  }

  /** A visible element whose own text matches (`exact: false`: contains it, any case). */
  text(text: TextMatch, { exact = true }: { exact?: boolean } = {}): Query {
    return this.child({ by: 'text', value: encode(text), exact }, `text "${String(text)}"`);
  }

  /** A CSS selector, for what has no role or label (the document's own attributes). */
  css(selector: string): Query {
    return this.child({ by: 'css', value: selector }, selector);
  }

  /** The n-th match (0-based) instead of the first. */
  nth(index: number): Query {
    if (!this.encoded) throw new Error('nth() needs a query');
    return new Query({ ...this.encoded, nth: index }, `${this.description} #${index}`);
  }

  get query(): EncodedQuery {
    if (!this.encoded) throw new Error('An empty query finds nothing');
    return this.encoded;
  }
}

/** The page itself: every query starts here. */
export const page = new Query(undefined, 'page');

const requireHere = createRequire(__filename);

/** Testing Library's browser build, read once. */
export const testingLibrarySource = (() => {
  let source: string | undefined;
  return (): string => {
    if (source === undefined) {
      const main = requireHere.resolve('@testing-library/dom');
      // main is dist/index.js; the browser build sits beside it.
      source = readFileSync(join(dirname(main), '@testing-library', 'dom.umd.min.js'), 'utf8');
    }
    return source;
  };
})();

/**
 * The function body that resolves a query in the page: `arguments[0]` is the query, `arguments[1]`
 * what to return ('element', 'count', 'texts'). Answers the string 'inject' when Testing Library is
 * not in this document yet. Plain ES2019 in a string: it runs in the browser, untouched by the
 * TypeScript compiler.
 */
export const RESOLVE_SCRIPT = `
var query = arguments[0];
var want = arguments[1];
var TL = window.TestingLibraryDom;
if (!TL) return 'inject';
function matcher(text) {
  return text && typeof text === 'object' ? new RegExp(text.source, text.flags) : text;
}
function visible(el) {
  if (typeof el.checkVisibility === 'function') return el.checkVisibility();
  return !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
}
function all(q) {
  var roots = q.within ? all(q.within) : [document.body];
  var out = [];
  roots.forEach(function (root) {
    var found;
    if (q.by === 'role') {
      var options = { hidden: false };
      if (q.name !== undefined) options.name = matcher(q.name);
      if (q.level !== undefined) options.level = q.level;
      found = TL.queryAllByRole(root, q.value, options);
    } else if (q.by === 'label') {
      found = TL.queryAllByLabelText(root, matcher(q.value), { exact: true }).filter(visibleOrFile);
    } else if (q.by === 'text') {
      found = TL.queryAllByText(root, matcher(q.value), {
        exact: q.exact !== false,
        ignore: 'script, style, noscript',
      }).filter(visible);
    } else {
      found = Array.prototype.slice.call(root.querySelectorAll(q.value));
    }
    found.forEach(function (el) {
      if (out.indexOf(el) < 0) out.push(el);
    });
  });
  return out;
}
// A file input is often drawn as its label only; it still takes files.
function visibleOrFile(el) {
  return visible(el) || (el.tagName === 'INPUT' && el.type === 'file');
}
var found = all(query);
if (want === 'count') return found.length;
if (want === 'texts') return found.map(function (el) { return el.textContent || ''; });
var el = found[query.nth || 0];
return el || null;
`;
