/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { initI18n } from '@portal/shared';
import { LoadState, ResourceView } from './load-state';

describe('LoadState', () => {
  beforeAll(() => initI18n({ lng: 'en-GB' }));

  it('should announce loading with the given label and show no error', () => {
    render(<LoadState loading onRetry={jest.fn()} loadingLabel="Loading your invoices…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your invoices…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should show the error as an alert with a retry that loads again', async () => {
    const onRetry = jest.fn();
    render(<LoadState loading={false} error="Your invoices could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your invoices could not be loaded.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('ResourceView', () => {
  beforeAll(() => initI18n({ lng: 'en-GB' }));

  const view = (
    state: Parameters<typeof ResourceView<string[]>>[0]['resource']['state'],
    retry = jest.fn(),
  ) =>
    render(
      <ResourceView resource={{ state, retry }} errorText="Could not load." loadingLabel="Loading…">
        {(items) => <p>{items.join(', ')}</p>}
      </ResourceView>,
    );

  it('should render the data once loaded', () => {
    view({ status: 'success', data: ['a', 'b'] });
    expect(screen.getByText('a, b')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('should show loading, then the error with a retry', async () => {
    const retry = jest.fn();
    const { rerender } = view({ status: 'loading' }, retry);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    rerender(
      <ResourceView resource={{ state: { status: 'error' }, retry }} errorText="Could not load.">
        {(items: string[]) => <p>{items.join(', ')}</p>}
      </ResourceView>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
