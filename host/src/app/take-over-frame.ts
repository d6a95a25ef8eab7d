/**
 * The server sends a page's prerendered frame, whose fields take input before the portal's scripts
 * have arrived (see @portal/shared's frame-html.ts). When the app replaces that frame with the
 * working page, this carries over what the student did meanwhile: the text typed into each field,
 * the options chosen, the files picked, where the cursor was, and an Enter pressed to send the form
 * (the last two marked on the frame by the page's starter script, start-after-paint.js), and a
 * link reached by keyboard keeps the focus on the working page's same link. A field of the frame is matched to the page's field of the same form position and name (and value,
 * for a radio button or a checkbox): React's ids differ between the two.
 */

/** The frame's element in `#root`, as the host server writes it. */
export const FRAME_SELECTOR = ':scope > .prerendered';

/** How long the working page's fields are waited for once the frame is gone (a page still loading). */
const FIELD_WAIT_MS = 10_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the student did to one field of the frame. */
interface Changed {
  key: string;
  field: Field;
}

const CHECKABLE = new Set(['checkbox', 'radio']);

function isField(element: Element | null): element is Field {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/** A field's place: its form among the page's forms, its name, and a checkable's value. */
function keyOf(field: Field, forms: readonly HTMLFormElement[]): string | undefined {
  if (!field.name) return undefined;
  const form = field.form ? forms.indexOf(field.form) : -1;
  const value = field instanceof HTMLInputElement && CHECKABLE.has(field.type) ? `=${field.value}` : '';
  return `${form}:${field.name}${value}`;
}

/** Whether the student changed the field from what the frame was sent with. */
function wasChanged(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (CHECKABLE.has(field.type)) return field.checked !== field.defaultChecked;
  if (field.type === 'file') return (field.files?.length ?? 0) > 0;
  return field.value !== field.defaultValue;
}

function fieldsOf(root: ParentNode): { fields: Field[]; forms: HTMLFormElement[] } {
  const forms = [...root.querySelectorAll('form')];
  const fields = [...root.querySelectorAll('input, textarea, select')].filter(isField);
  return { fields, forms };
}

/** Sets a field of the working page as the student would, so that React's onChange sees it. */
function apply(from: Field, to: Field): void {
  if (to instanceof HTMLInputElement && CHECKABLE.has(to.type)) {
    // A click is how React hears of a checkbox or radio change.
    if (to.checked !== (from as HTMLInputElement).checked) to.click();
    return;
  }
  if (to instanceof HTMLInputElement && to.type === 'file') {
    const files = (from as HTMLInputElement).files;
    if (!files) return;
    to.files = files;
    to.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React tracks the value it last set through the element's own property; the prototype's setter
  // goes around that, so the input event below reaches onChange with the new value.
  const prototype = Object.getPrototypeOf(to) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  setter?.call(to, from.value);
  to.dispatchEvent(new Event(to instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const SIGNIFICANT = /[\p{L}\p{N}]/u;

/**
 * Where a cursor at `index` of `typed` belongs in `shown`, the same text as the working page shows
 * it: a field may format what it was given (a date's `1304` becomes `13/04/`, an IBAN is grouped in
 * fours), so the cursor goes after as many letters and digits, and one at the end stays at the end.
 * Left where it was, it would put the next keystrokes in the middle: `13/0|4/` and then `13/020034/`.
 */
export function cursorIn(shown: string, typed: string, index: number): number {
  if (shown === typed) return index;
  if (index >= typed.length) return shown.length;
  let left = [...typed.slice(0, index)].filter((character) => SIGNIFICANT.test(character)).length;
  let position = 0;
  while (position < shown.length && left > 0) {
    if (SIGNIFICANT.test(shown[position] ?? '')) left -= 1;
    position += 1;
  }
  return position;
}

function restoreCursor(from: Field, to: Field): void {
  to.focus();
  if (!(from instanceof HTMLInputElement || from instanceof HTMLTextAreaElement)) return;
  if (!(to instanceof HTMLInputElement || to instanceof HTMLTextAreaElement)) return;
  try {
    if (from.selectionStart !== null && from.selectionEnd !== null)
      to.setSelectionRange(
        cursorIn(to.value, from.value, from.selectionStart),
        cursorIn(to.value, from.value, from.selectionEnd),
      );
  } catch {
    // Some input types (email, number) have no selection to set.
  }
}

/**
 * Watches `container` (the page's `#root`) from now on: when its prerendered frame is replaced, the
 * student's input in the frame is applied to the working page. Returns a function that stops
 * watching. Does nothing when the page has no frame.
 */
export function takeOverFrame(container: HTMLElement, waitMs: number = FIELD_WAIT_MS): () => void {
  const frame = container.querySelector<HTMLElement>(FRAME_SELECTOR);
  if (!frame) return () => {};
  let pending: Changed[] = [];
  let cursor: { from: Field; key: string } | undefined;
  // A link the student had reached (by keyboard): the same link of the working page gets the focus.
  let focusedLink: { href: string; text: string } | undefined;
  let submitKey: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    observer.disconnect();
    if (timer) clearTimeout(timer);
  };

  /** Applies what it can to the working page; true once nothing is left to do. */
  const applyPending = (): boolean => {
    const { fields, forms } = fieldsOf(container);
    const byKey = new Map<string, Field>();
    for (const field of fields) {
      const key = keyOf(field, forms);
      if (key && !byKey.has(key)) byKey.set(key, field);
    }
    pending = pending.filter(({ key, field }) => {
      const target = byKey.get(key);
      if (!target) return true;
      apply(field, target);
      return false;
    });
    if (cursor && byKey.has(cursor.key)) {
      restoreCursor(cursor.from, byKey.get(cursor.key) as Field);
      cursor = undefined;
    }
    if (focusedLink) {
      const { href, text } = focusedLink;
      const link = [...container.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
        (candidate) => candidate.getAttribute('href') === href && candidate.textContent?.trim() === text,
      );
      if (link) {
        link.focus();
        focusedLink = undefined;
      }
    }
    if (submitKey && pending.length === 0 && byKey.has(submitKey)) {
      const form = (byKey.get(submitKey) as Field).form;
      // After React has rendered the values above, so that its submit handler sees them.
      if (form) setTimeout(() => form.requestSubmit(), 0);
      submitKey = undefined;
    }
    return (
      pending.length === 0 && cursor === undefined && focusedLink === undefined && submitKey === undefined
    );
  };

  const observer = new MutationObserver(() => {
    if (frame.isConnected) return;
    if (timer === undefined) {
      // The frame has just gone: what the student did there is read from it, now detached.
      const { fields, forms } = fieldsOf(frame);
      pending = fields.flatMap((field) => {
        const key = keyOf(field, forms);
        return key && wasChanged(field) ? [{ key, field }] : [];
      });
      // Marked by the page's starter script (start-after-paint.js), which runs before the app.
      const focused = frame.querySelector('[data-frame-focus]');
      const cursorKey = isField(focused) ? keyOf(focused, forms) : undefined;
      const focusLost = document.activeElement === document.body || document.activeElement === null;
      if (isField(focused) && cursorKey && focusLost) cursor = { from: focused, key: cursorKey };
      if (focused instanceof HTMLAnchorElement && focusLost && focused.getAttribute('href'))
        focusedLink = { href: focused.getAttribute('href') ?? '', text: focused.textContent?.trim() ?? '' };
      const submitWanted = frame.querySelector('form[data-frame-submit]');
      const submitField = submitWanted
        ? fields.find((field) => field.form === submitWanted && keyOf(field, forms))
        : undefined;
      submitKey = submitField ? keyOf(submitField, forms) : undefined;
      timer = setTimeout(stop, waitMs);
    }
    if (applyPending()) stop();
  });
  observer.observe(container, { childList: true, subtree: true });
  return stop;
}
