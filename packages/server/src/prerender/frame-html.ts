import { parseFragment, serialize } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;

function setAttribute(element: Element, name: string, value: string): void {
  const found = element.attrs.find((attribute) => attribute.name === name);
  if (found) found.value = value;
  else element.attrs.push({ name, value });
}

/**
 * Makes prerendered HTML fit to be used before the scripts that make it work have arrived. Its
 * fields and links work at once: what a student types is taken over by the app when it starts
 * (the host's take-over-frame.ts), and a link is a link. Its buttons do nothing without the app, so
 * they say so: a submit button is `disabled`, which also keeps Enter in a field from sending the
 * form natively (with the password in the URL); every other button is `inert`. Runs on the page
 * frames and the layout's, at build time, and on a remote's server for a student's own frame
 * (./frame-renderer.ts); an HTML parser's tree (parse5), so no DOM is needed.
 */
export function frameForEarlyInput(html: string): string {
  const fragment = parseFragment(html);
  const visit = (node: Node, inForm: boolean): void => {
    if (!isElement(node)) {
      for (const child of 'childNodes' in node ? node.childNodes : []) visit(child, inForm);
      return;
    }
    if (node.tagName === 'button') {
      // A button without a type in a form is a submit button.
      const type = node.attrs.find((attribute) => attribute.name === 'type')?.value ?? 'submit';
      setAttribute(node, type === 'submit' && inForm ? 'disabled' : 'inert', '');
    }
    // Sent as a POST should anything still submit it, never as a GET with its fields in the URL.
    if (node.tagName === 'form') setAttribute(node, 'method', 'post');
    const nested = inForm || node.tagName === 'form';
    for (const child of node.childNodes) visit(child, nested);
  };
  visit(fragment as unknown as Node, false);
  return serialize(fragment);
}

/** The key of a page's frame for a logged-in student in `prerender.json`, beside its locale's. */
export function memberFrameKey(locale: string): string {
  return `${locale}:member`;
}

/**
 * Whether a frame was made fit for early input by {@link frameForEarlyInput}: every button waits
 * (disabled or inert) and every form posts. A remote built before that (an older release) sends a
 * frame whose buttons would act without the app, so the host keeps such a frame `inert` as a whole.
 * A plain reading of the tags, cheap enough for every page the host server sends.
 */
export function frameTakesInputSafely(html: string): boolean {
  const tags = (name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
  return (
    tags('button').every((tag) => /\s(disabled|inert)(=|\s|>|\/)/i.test(tag)) &&
    tags('form').every((tag) => /\smethod="post"/i.test(tag))
  );
}
