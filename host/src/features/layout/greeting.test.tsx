import { act, render, screen } from '@testing-library/react';
import { initI18n, useAuthStore } from '@portal/shared';
import { registerHostTexts } from '../../i18n';
import { Greeting } from './greeting';

describe('Greeting', () => {
  beforeAll(async () => {
    initI18n({ lng: 'en-GB' });
    await registerHostTexts();
  });

  it('should greet the logged-in student by first name, and no one after logout', () => {
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
    render(<Greeting />);
    expect(screen.getByText('Hello, Anna')).toBeInTheDocument();
    act(() => useAuthStore.getState().markUnauthenticated());
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });
});
