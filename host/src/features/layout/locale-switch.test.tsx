import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, initI18n, LOCALE_STORAGE_KEY, registerNamespace } from '@portal/shared';
import type { NamespaceTexts } from '@portal/shared';
import { registerHostTexts } from '../../i18n';
import { LocaleSwitch } from './locale-switch';

describe('LocaleSwitch', () => {
  beforeAll(() => {
    initI18n({ lng: 'en-GB' });
    void registerHostTexts();
  });

  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-GB'));
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('should fetch the Dutch texts, then switch to Dutch', async () => {
    const user = userEvent.setup();
    render(<LocaleSwitch />);
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'NL' }));

    expect(await screen.findByRole('group', { name: 'Taal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'NL' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('nl');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should stay usable and say it is busy while the texts load', async () => {
    const user = userEvent.setup();
    let arrive: (texts: NamespaceTexts) => void = () => undefined;
    void registerNamespace('slowSwitchTest', {
      en: {},
      nl: () =>
        new Promise<NamespaceTexts>((resolve) => {
          arrive = resolve;
        }),
    });
    render(<LocaleSwitch />);

    await user.click(screen.getByRole('button', { name: 'NL' }));
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'NL' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');

    await act(async () => arrive({}));
    await waitFor(() => expect(group).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('button', { name: 'NL' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('should keep English and tell the user when the Dutch texts cannot be fetched', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const flakyNl = jest
      .fn<Promise<NamespaceTexts>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk on-demand-locale-nl-account failed.'))
      .mockResolvedValue({});
    void registerNamespace('flakySwitchTest', { en: {}, nl: flakyNl });
    render(<LocaleSwitch />);

    await user.click(screen.getByRole('button', { name: 'NL' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The language could not be changed. Please check your connection and try again.',
      ),
    );
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Language' })).toHaveAttribute('aria-busy', 'false');
    expect(document.documentElement.lang).toBe('en-GB');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();

    // Trying again fetches again.
    await user.click(screen.getByRole('button', { name: 'NL' }));
    expect(await screen.findByRole('group', { name: 'Taal' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(flakyNl).toHaveBeenCalledTimes(2);
  });
});
