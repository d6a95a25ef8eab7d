import { act, useState } from 'react';
import type { FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { cursorIn, takeOverFrame } from './take-over-frame';

// React's act() in a plain DOM test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The login frame as the build writes it: fields live, the submit button disabled. */
const FRAME = `<div class="prerendered"><form method="post" novalidate="">
  <label for="f-email">E-mail address</label><input id="f-email" type="email" name="email" value="">
  <label for="f-password">Password</label><input id="f-password" type="password" name="password" value="">
  <label><input type="checkbox" name="remember" value="yes"> Remember me</label>
  <label for="f-born">Date of birth</label><input id="f-born" type="text" name="born" value="">
  <select name="topic"><option value="a" selected>A</option><option value="b">B</option></select>
  <button type="submit" disabled>Log in</button></form></div>`;

/** The working page: controlled fields, as the portal's forms are. */
function LoginForm({ onSubmit }: { onSubmit: (values: Record<string, unknown>) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [topic, setTopic] = useState('a');
  const [born, setBorn] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ email, password, remember, topic });
  };
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor="app-email">E-mail address</label>
      <input
        id="app-email"
        type="email"
        name="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <label htmlFor="app-password">Password</label>
      <input
        id="app-password"
        type="password"
        name="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label>
        <input
          type="checkbox"
          name="remember"
          value="yes"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
        />
        Remember me
      </label>
      <label htmlFor="app-born">Date of birth</label>
      {/* Slashes put in as she types, as the portal's date field does. */}
      <input
        id="app-born"
        type="text"
        name="born"
        value={born}
        onChange={(e) => setBorn(e.target.value.replace(/^(\d{2})(\d{2})(\d*)$/, '$1/$2/$3'))}
      />
      <select name="topic" value={topic} onChange={(e) => setTopic(e.target.value)}>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <button type="submit">Log in</button>
    </form>
  );
}

/** Types into a frame's field; the page's starter script marks the field the student is in. */
function typeInto(selector: string, value: string): HTMLInputElement {
  const field = document.querySelector<HTMLInputElement>(selector) as HTMLInputElement;
  field.focus();
  document.querySelector('[data-frame-focus]')?.removeAttribute('data-frame-focus');
  field.setAttribute('data-frame-focus', '');
  field.value = value;
  return field;
}

describe('cursorIn', () => {
  it('keeps a cursor in the same place of an unchanged value', () => {
    expect(cursorIn('secret', 'secret', 3)).toBe(3);
  });

  it('puts a cursor that was at the end at the end of the formatted value', () => {
    expect(cursorIn('13/04/', '1304', 4)).toBe(6);
  });

  it('puts a cursor in the middle after as many letters and digits', () => {
    expect(cursorIn('NL91 ABNA 0417', 'NL91ABNA0417', 6)).toBe(7);
    expect(cursorIn('13/04/2003', '13042003', 2)).toBe(2);
    expect(cursorIn('13/04/2003', '13042003', 0)).toBe(0);
  });
});

describe('takeOverFrame', () => {
  let container: HTMLElement;
  let root: Root | undefined;

  beforeEach(() => {
    document.body.innerHTML = `<div id="root">${FRAME}</div>`;
    container = document.getElementById('root') as HTMLElement;
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
  });

  async function mount(onSubmit: (values: Record<string, unknown>) => void = () => {}): Promise<void> {
    root = createRoot(container);
    await act(async () => root?.render(<LoginForm onSubmit={onSubmit} />));
    // The observer's callback and the submit's timer.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }

  const appField = (name: string) =>
    container.querySelector<HTMLInputElement>(
      `form:not(.prerendered *) [name="${name}"]`,
    ) as HTMLInputElement;

  it('carries what was typed, ticked and chosen into the working page, where React has it', async () => {
    takeOverFrame(container);
    typeInto('.prerendered [name=email]', 'anna@example.org');
    typeInto('.prerendered [name=password]', 'secret');
    (document.querySelector('.prerendered [name=remember]') as HTMLInputElement).checked = true;
    (document.querySelector('.prerendered select') as HTMLSelectElement).value = 'b';
    const submitted = jest.fn();
    await mount(submitted);

    expect(container.querySelector('.prerendered')).toBeNull();
    expect(appField('email').value).toBe('anna@example.org');
    expect(appField('password').value).toBe('secret');
    expect(appField('remember').checked).toBe(true);
    expect((container.querySelector('select') as HTMLSelectElement).value).toBe('b');
    // React's own state has the values: its submit handler sends them.
    await act(async () => (container.querySelector('form') as HTMLFormElement).requestSubmit());
    expect(submitted).toHaveBeenCalledWith({
      email: 'anna@example.org',
      password: 'secret',
      remember: true,
      topic: 'b',
    });
  });

  it('puts the cursor back in the field the student was typing in', async () => {
    takeOverFrame(container);
    const frameField = typeInto('.prerendered [name=password]', 'secr');
    frameField.setSelectionRange(4, 4);
    await mount();
    expect(document.activeElement).toBe(appField('password'));
    expect(appField('password').selectionStart).toBe(4);
  });

  it('keeps the cursor after what was typed when the working page formats it', async () => {
    takeOverFrame(container);
    // Digits of a date typed into the frame, which has no script to put the slashes in.
    const frameField = typeInto('.prerendered [name=born]', '1304');
    frameField.setSelectionRange(4, 4);
    await mount();
    const born = appField('born');
    expect(born.value).toBe('13/04/');
    expect(document.activeElement).toBe(born);
    // The next digit she types goes after the 4, not between the 0 and the 4.
    expect(born.selectionStart).toBe(6);
  });

  it('sends the form once the app is there when Enter was pressed in the frame', async () => {
    takeOverFrame(container);
    typeInto('.prerendered [name=email]', 'anna@example.org');
    typeInto('.prerendered [name=password]', 'secret');
    // As the starter script marks an Enter in a field of the form.
    document.querySelector('.prerendered form')?.setAttribute('data-frame-submit', '');
    const submitted = jest.fn();
    await mount(submitted);
    expect(submitted).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'anna@example.org', password: 'secret' }),
    );
  });

  it('leaves the working page as it renders when nothing was typed', async () => {
    takeOverFrame(container);
    const submitted = jest.fn();
    await mount(submitted);
    expect(appField('email').value).toBe('');
    expect(document.activeElement).toBe(document.body);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('waits for fields that the working page renders later, then stops', async () => {
    takeOverFrame(container, 1_000);
    typeInto('.prerendered [name=email]', 'late@example.org');
    root = createRoot(container);
    await act(async () => root?.render(<p>Loading…</p>));
    await act(async () => root?.render(<LoginForm onSubmit={() => {}} />));
    expect(appField('email').value).toBe('late@example.org');
  });

  it('keeps the focus on a link the student had reached in the frame', async () => {
    document.body.innerHTML =
      '<div id="root"><div class="prerendered"><footer><a href="/en/privacy">Privacy</a>' +
      '<a href="/en/accessibility">Accessibility statement</a></footer></div></div>';
    container = document.getElementById('root') as HTMLElement;
    takeOverFrame(container);
    const frameLink = container.querySelector<HTMLAnchorElement>('a[href="/en/accessibility"]');
    frameLink?.focus();
    frameLink?.setAttribute('data-frame-focus', '');
    root = createRoot(container);
    await act(async () =>
      root?.render(
        <footer>
          <a href="/en/privacy">Privacy</a>
          <a href="/en/accessibility">Accessibility statement</a>
        </footer>,
      ),
    );
    expect(container.querySelector('.prerendered')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Accessibility statement');
  });

  it('does nothing on a page without a frame', () => {
    document.body.innerHTML = '<div id="root"><p>skeleton</p></div>';
    const stop = takeOverFrame(document.getElementById('root') as HTMLElement);
    expect(stop).toEqual(expect.any(Function));
  });
});
