import { frameForEarlyInput, frameTakesInputSafely } from './frame-html';

describe('frameForEarlyInput', () => {
  const frame = (html: string) => {
    const template = document.createElement('template');
    template.innerHTML = frameForEarlyInput(html);
    return template.content;
  };

  it('disables a form’s submit buttons, typed or not, so that Enter sends nothing before the app', () => {
    const content = frame(
      '<form><input name="email"><button type="submit">Log in</button><button>Send</button></form>',
    );
    const buttons = [...content.querySelectorAll('button')];
    expect(buttons.map((button) => button.disabled)).toEqual([true, true]);
    expect(content.querySelector('form')?.getAttribute('method')).toBe('post');
  });

  it('makes every other button inert and leaves fields and links as they are', () => {
    const content = frame(
      '<header><button type="button">NL</button><a href="/en/faq">FAQ</a></header>' +
        '<form><input name="email" value=""><button type="button" aria-label="Show password"></button></form>',
    );
    const [language, toggle] = [...content.querySelectorAll('button')];
    expect(language?.hasAttribute('inert')).toBe(true);
    expect(toggle?.hasAttribute('inert')).toBe(true);
    expect(toggle?.disabled).toBe(false);
    expect(content.querySelector('input')?.hasAttribute('inert')).toBe(false);
    expect(content.querySelector('input')?.disabled).toBe(false);
    expect(content.querySelector('a')?.hasAttribute('inert')).toBe(false);
  });

  it('keeps the page slot of the layout as it is', () => {
    const slot = '<template id="prerendered-page"></template>';
    expect(frameForEarlyInput(`<main id="main">${slot}</main>`)).toContain(slot);
  });
});

describe('frameTakesInputSafely', () => {
  const page =
    '<form class="form" novalidate=""><input name="email" value=""><button type="submit">Log in</button></form>' +
    '<button type="button" aria-label="Show password"></button>';

  it('knows a frame the build made fit for early input', () => {
    expect(frameTakesInputSafely(frameForEarlyInput(page))).toBe(true);
    expect(frameTakesInputSafely('<h1>My Insurance</h1><p>Loading…</p>')).toBe(true);
  });

  it('refuses a frame of an older build: a button that acts, or a form that would send a GET', () => {
    expect(frameTakesInputSafely(page)).toBe(false);
    expect(frameTakesInputSafely('<form><input name="q"><button disabled>Go</button></form>')).toBe(false);
    expect(frameTakesInputSafely('<p><button type="button">NL</button></p>')).toBe(false);
  });
});
