import { render, screen } from '@testing-library/react';
import { initI18n } from '@portal/shared';
import { registerHostTexts } from '../../i18n';
import { AppErrorBoundary } from './app-error-page';

function Broken(): never {
  throw new Error('render failed');
}

describe('AppErrorBoundary', () => {
  beforeAll(() => {
    initI18n({ lng: 'en-GB' });
    registerHostTexts();
  });

  it('should show its children while nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>page</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('should replace a failed page with the error page, log the error and end the skeleton', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.className = 'loading';
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(document.body).toHaveClass('default');
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }));
    log.mockRestore();
  });
});
