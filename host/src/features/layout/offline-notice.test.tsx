import { act, render, screen } from '@testing-library/react';
import { i18n, initI18n } from '@portal/shared';
import { registerHostTexts } from '../../i18n';
import { OfflineNotice } from './offline-notice';

function goOffline(offline: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineNotice', () => {
  beforeAll(async () => {
    initI18n({ lng: 'en-GB' });
    await registerHostTexts();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await act(() => i18n.changeLanguage('en-GB'));
  });

  it('should say nothing while online, in a status region that is already there', () => {
    render(<OfflineNotice />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('should say that the browser is offline, and clear when it is back online', () => {
    render(<OfflineNotice />);
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. Check your connection: the portal carries on by itself when it is back.',
    );
    goOffline(false);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('should say so in Dutch', async () => {
    await act(() => i18n.changeLanguage('nl'));
    render(<OfflineNotice />);
    goOffline(true);
    expect(await screen.findByText('Je bent offline.')).toBeInTheDocument();
  });
});
