/**
 * Makes prerendered HTML fit to be used before the scripts that make it work have arrived. Its
 * fields and links work at once: what a student types is taken over by the app when it starts
 * (the host's take-over-frame.ts), and a link is a link. Its buttons do nothing without the app, so
 * they say so: a submit button is `disabled`, which also keeps Enter in a field from sending the
 * form natively (with the password in the URL); every other button is `inert`. Runs at build time
 * in a DOM (global-jsdom), on the page frames and on the layout's.
 */
export function frameForEarlyInput(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const button of template.content.querySelectorAll('button')) {
    // A button without a type in a form is a submit button.
    const submits = (button.getAttribute('type') ?? 'submit') === 'submit' && button.closest('form') !== null;
    button.setAttribute(submits ? 'disabled' : 'inert', '');
  }
  // Sent as a POST should anything still submit it, never as a GET with its fields in the URL.
  for (const form of template.content.querySelectorAll('form')) form.setAttribute('method', 'post');
  return template.innerHTML;
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
