/** @jest-environment jest-fixed-jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n, initI18n, registerNamespace } from '@portal/shared';
import { Alert, ALERT_FADE_MS } from './alert';

describe('Alert', () => {
  beforeAll(() => {
    initI18n({ lng: 'en-GB' });
    registerNamespace('alertTest', {
      en: {
        title: 'Heads up',
        sub: 'Please check:',
        plain: 'Plain text for {{name}}',
        second: 'Second message',
        rich: 'See <a href="/en/faq">the FAQ</a> for {{name}}<script>window.hacked = true</script>',
      },
      nl: async () => ({}),
    });
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en-GB');
  });

  it('should scroll an error into view and take the focus when it appears, and leave the focus otherwise', () => {
    const scrollIntoView = jest.fn();
    Object.assign(HTMLElement.prototype, { scrollIntoView });
    const { rerender } = render(
      <Alert type="error" title="alertTest:title" messages={[{ code: 'alertTest:second' }]} />,
    );
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    rerender(<Alert type="info" title="alertTest:title" messages={[{ code: 'alertTest:plain' }]} />);
    rerender(
      <Alert
        type="error"
        title="alertTest:title"
        messages={[{ code: 'alertTest:plain' }]}
        takeFocus={false}
      />,
    );
    expect(screen.getByRole('alert')).not.toHaveAttribute('tabindex');
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
  });

  it('should render nothing without messages', () => {
    const { container } = render(<Alert title="alertTest:title" messages={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('should translate the title and each message code with its context', () => {
    render(
      <Alert
        title="alertTest:title"
        messages={[{ code: 'alertTest:plain', context: { name: 'Anna' } }, { code: 'alertTest:second' }]}
      />,
    );
    expect(screen.getByText('Heads up')).toBeInTheDocument();
    expect(screen.getByText('Plain text for Anna')).toBeInTheDocument();
    expect(screen.getByText('Second message')).toBeInTheDocument();
  });

  it('should render the html key of a message, sanitised, instead of its code', async () => {
    render(
      <Alert
        title="alertTest:title"
        messages={[{ code: 'alertTest:plain', context: { html: 'alertTest:rich', name: 'Ben' } }]}
      />,
    );
    expect(await screen.findByRole('link', { name: 'the FAQ' })).toHaveAttribute('href', '/en/faq');
    expect(screen.queryByText(/Plain text/)).not.toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('should carry the first message code as id and data-error-code', () => {
    render(<Alert title="t" messages={[{ code: 'LoginForm.errors.failed' }, { code: 'errors.internal' }]} />);
    const alert = screen.getByRole('status');
    expect(alert).toHaveAttribute('id', 'LoginForm.errors.failed');
    expect(alert).toHaveAttribute('data-error-code', 'LoginForm.errors.failed');
  });

  it('should keep ids unique when two alerts carry the same code', () => {
    render(
      <>
        <Alert title="t" messages={[{ code: 'errors.internal' }]} />
        <Alert title="t" messages={[{ code: 'errors.internal' }]} />
      </>,
    );
    const [one, two] = screen.getAllByRole('status');
    expect(one).toHaveAttribute('id', 'errors.internal');
    expect(two?.id).toMatch(/^errors\.internal-[a-zA-Z0-9]+$/);
    expect(one).toHaveAttribute('data-error-code', 'errors.internal');
    expect(two).toHaveAttribute('data-error-code', 'errors.internal');
  });

  it('should not parse interpolated values as HTML', async () => {
    const name = '<img src="x" onerror="window.hacked = 1">Eve';
    render(
      <Alert
        title="t"
        messagesList
        messages={[
          { code: 'x', context: { html: 'alertTest:rich', name } },
          { code: 'alertTest:plain', context: { name: '<b>Bold</b>' } },
        ]}
      />,
    );
    expect(await screen.findByRole('link', { name: 'the FAQ' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`See the FAQ for ${name}`);
    expect(items[1]).toHaveTextContent('Plain text for <b>Bold</b>');
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('li b')).toBeNull();
  });

  it('should show extra content after the messages', () => {
    render(
      <Alert title="t" messages={[{ code: 'errors.internal' }]}>
        <a href="/en/service-contact/contact">Contact</a>
      </Alert>,
    );
    expect(screen.getByRole('link', { name: 'Contact' })).toBeInTheDocument();
  });

  it.each([
    ['info', 'bell', 'status'],
    ['information', 'bell', 'status'],
    ['warning', 'exclamation-circle', 'alert'],
    ['error', 'exclamation-triangle', 'alert'],
    ['success', 'check-circle', 'status'],
  ] as const)('should show type %s with the %s icon and role %s', (type, icon, role) => {
    render(<Alert title="t" type={type} messages={[{ code: 'errors.internal' }]} closable={false} />);
    const alert = screen.getByRole(role);
    expect(alert.querySelector('use')).toHaveAttribute('href', `/en/assets/icons.svg#${icon}`);
    expect(alert).toHaveClass(`alert--${type === 'information' ? 'info' : type}`);
  });

  it('should default to info', () => {
    render(<Alert title="t" messages={[{ code: 'errors.internal' }]} />);
    expect(screen.getByRole('status')).toHaveClass('alert--info');
  });

  it('should show the error code and the subtitle', () => {
    render(
      <Alert title="t" subTitle="alertTest:sub" errorCode="E-42" messages={[{ code: 'errors.internal' }]} />,
    );
    expect(screen.getByText('Please check:')).toBeInTheDocument();
    expect(screen.getByText('Error code: E-42')).toBeInTheDocument();
  });

  it('should show only the html of each message in contextual mode', async () => {
    render(
      <Alert
        title="t"
        contextual
        messages={[
          { code: 'alertTest:plain', context: { html: 'alertTest:rich', name: 'Chen' } },
          { code: 'alertTest:second' },
        ]}
      />,
    );
    expect(await screen.findByText(/for Chen/)).toBeInTheDocument();
    expect(screen.queryByText('Second message')).not.toBeInTheDocument();
    expect(screen.queryByText(/Plain text/)).not.toBeInTheDocument();
  });

  it('should show the subtitle and a numbered list in list mode', async () => {
    render(
      <Alert
        title="t"
        subTitle="alertTest:sub"
        messagesList
        messages={[
          { code: 'x', context: { html: 'alertTest:rich', name: 'Anna' } },
          { code: 'alertTest:second' },
        ]}
      />,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(await screen.findByRole('link', { name: 'the FAQ' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('See the FAQ for Anna');
    expect(items[1]).toHaveTextContent('Second message');
    expect(screen.getByText('Please check:')).toBeInTheDocument();
  });

  it('should have no close button when not closable', () => {
    render(<Alert title="t" closable={false} messages={[{ code: 'errors.internal' }]} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('should fade out and stay hidden after close, even when messages change', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      const onClose = jest.fn();
      const { rerender } = render(
        <Alert title="t" messages={[{ code: 'errors.internal' }]} onClose={onClose} />,
      );
      expect(screen.getByRole('status')).toHaveClass('alert--shown');

      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.getByRole('status')).toHaveClass('alert--leaving');
      expect(onClose).not.toHaveBeenCalled();

      act(() => jest.advanceTimersByTime(ALERT_FADE_MS));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(onClose).toHaveBeenCalledTimes(1);

      rerender(<Alert title="t" messages={[{ code: 'errors.serviceUnavailable' }]} onClose={onClose} />);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
