import { i18n, initI18n } from '@portal/shared';
import { HOST_NAMESPACE, registerHostTexts } from '../i18n';

// Used when the translations could not be set up or the chosen language's texts are not there:
// the same two-language text as the page's own <noscript> and loading notice.
const UNTRANSLATED = {
  failed: 'The portal could not be started. Het portaal kon niet worden gestart.',
  reload: 'Reload / Opnieuw laden',
};

function texts(): { failed: string; reload: string } {
  try {
    initI18n();
    void registerHostTexts();
    // The failure may be that the chosen language's texts could not be fetched: rather than
    // English alone, say it in both languages then.
    if (!i18n.hasResourceBundle(i18n.language, HOST_NAMESPACE)) return UNTRANSLATED;
    const t = i18n.getFixedT(null, HOST_NAMESPACE);
    return { failed: t('startup.failed'), reload: t('startup.reload') };
  } catch {
    return UNTRANSLATED;
  }
}

/**
 * What the page shows when the start-up fails (the runtime config, the router or the first render
 * threw): the skeleton is replaced by a translated message and a reload button, built with DOM
 * calls (no inline script, no HTML parsing), and the error is logged.
 */
/** Options of {@link showStartUpFailure}; the defaults are the page's. */
export type StartUpFailureOptions = {
  doc?: Document;
  reload?: () => void;
};

export function showStartUpFailure(error: unknown, options: StartUpFailureOptions = {}): void {
  const { doc = document, reload = () => window.location.reload() } = options;
  console.error('The portal could not be started.', error);
  const text = texts();

  const message = doc.createElement('p');
  message.textContent = text.failed;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'button button--primary';
  button.textContent = text.reload;
  button.addEventListener('click', () => reload());

  const panel = doc.createElement('div');
  panel.className = 'app-main startup-failure';
  panel.setAttribute('role', 'alert');
  panel.append(message, button);

  const root = doc.getElementById('root') ?? doc.body;
  root.replaceChildren(panel);
  doc.body.classList.replace('loading', 'default');
  button.focus();
}
