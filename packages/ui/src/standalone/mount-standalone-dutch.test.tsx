/** @jest-environment jest-fixed-jsdom */
import { act, screen } from '@testing-library/react';
import { useTranslation } from '@portal/shared/react-i18next';
import type { Root } from 'react-dom/client';

import type { NamespaceTexts } from '@portal/shared';
import { registerNamespace } from '@portal/shared';
import { LOCALE_STORAGE_KEY } from '@portal/shared';
import { mountStandalone } from './mount-standalone';

// Every text the page has shown, to prove that a Dutch visitor never sees English first.
const shown: string[] = [];

function Notice() {
  const { t } = useTranslation('standaloneTest');
  const text = `${t('title')} / ${t('validation.required')}`;
  shown.push(text);
  return <p>{text}</p>;
}

describe('mountStandalone for a Dutch visitor', () => {
  let root: Root | null = null;

  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  it('should show the pages only once the Dutch texts are there', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'nl');
    let arrive: (texts: NamespaceTexts) => void = () => undefined;
    // As a remote's pages.ts does: registered before mountStandalone initialises i18n.
    registerNamespace('standaloneTest', {
      en: { title: 'Notice' },
      nl: () =>
        new Promise<NamespaceTexts>((resolve) => {
          arrive = resolve;
        }),
    });
    window.history.replaceState(null, '', '/notice');
    const container = document.createElement('div');
    document.body.append(container);

    await act(async () => {
      root = mountStandalone({ pages: { notice: Notice }, container });
    });
    expect(shown).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Laden…');

    await act(async () => arrive({ title: 'Melding' }));
    expect(screen.getByText('Melding / Dit veld is verplicht.')).toBeInTheDocument();
    expect(new Set(shown)).toEqual(new Set(['Melding / Dit veld is verplicht.']));
    expect(document.documentElement.lang).toBe('nl');
  });
});
