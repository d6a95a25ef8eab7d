import { i18n, initI18n, loadLocale } from '@portal/shared';
import { HOST_NAMESPACE } from '../i18n';
import { showStartUpFailure } from './start-up-failure';

const SKELETON = `
  <div id="root">
    <p class="visually-hidden" role="status">Loading the portal…</p>
    <div class="skeleton" aria-hidden="true"><div class="skeleton__header"></div></div>
  </div>`;

describe('showStartUpFailure', () => {
  let logged: jest.SpyInstance;

  beforeAll(() => initI18n({ lng: 'en-GB' }));

  beforeEach(() => {
    document.body.className = 'loading';
    document.body.innerHTML = SKELETON;
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => logged.mockRestore());

  it('should replace the skeleton with a message and a reload button, and log the error', async () => {
    const error = new Error('remotes.json answered 500');
    const reload = jest.fn();

    showStartUpFailure(error, { reload });

    const root = document.getElementById('root');
    expect(root?.querySelector('.skeleton')).toBeNull();
    expect(root?.textContent).not.toContain('Loading the portal');
    const alert = root?.querySelector('[role="alert"]');
    expect(alert?.querySelector('p')?.textContent).toBe(
      'The portal could not be started. Please check your connection and reload the page.',
    );
    const button = alert?.querySelector('button');
    expect(button?.textContent).toBe('Reload the page');
    expect(document.activeElement).toBe(button);
    button?.click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(document.body.className).toBe('default');
    expect(document.querySelector('script')).toBeNull();
    expect(logged).toHaveBeenCalledWith('The portal could not be started.', error);
  });

  it('should show the message in the chosen language', async () => {
    await loadLocale('nl');
    await i18n.changeLanguage('nl');
    showStartUpFailure(new Error('x'), { reload: jest.fn() });
    expect(document.querySelector('[role="alert"] button')?.textContent).toBe('Pagina opnieuw laden');
    await i18n.changeLanguage('en-GB');
  });

  it("should say it in both languages when the chosen language's texts are not there", async () => {
    await loadLocale('nl');
    await i18n.changeLanguage('nl');
    // As when the Dutch texts could not be fetched.
    i18n.removeResourceBundle('nl', HOST_NAMESPACE);
    showStartUpFailure(new Error('x'), { reload: jest.fn() });
    expect(document.querySelector('[role="alert"] p')?.textContent).toBe(
      'The portal could not be started. Het portaal kon niet worden gestart.',
    );
    expect(document.querySelector('[role="alert"] button')?.textContent).toBe('Reload / Opnieuw laden');
    await i18n.changeLanguage('en-GB');
  });
});
