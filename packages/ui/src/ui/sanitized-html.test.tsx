/** @jest-environment jest-fixed-jsdom */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { i18n, initI18n } from '@portal/shared';
import { SanitizedHtml } from './sanitized-html';

// Stands for the on-demand DOMPurify chunk: it can fail to load (offline, a new deployment).
let mockChunkFails = false;
jest.mock('dompurify', () => {
  if (mockChunkFails) throw new Error('Loading chunk on-demand-dompurify failed.');
  return jest.requireActual('dompurify');
});

describe('SanitizedHtml', () => {
  beforeAll(() => initI18n({ lng: 'en-GB' }));
  beforeEach(async () => {
    await i18n.changeLanguage('en-GB');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('should show plain text at once', () => {
    render(<SanitizedHtml html="Just text" />);
    expect(screen.getByText('Just text')).toBeInTheDocument();
  });

  it('should show a message with a retry, never the raw HTML, when DOMPurify fails to load', async () => {
    mockChunkFails = true;
    const { container } = render(
      <SanitizedHtml html={'<p>Call <b>112</b></p><img src="x" onerror="window.hacked = 1">'} />,
    );

    expect(await screen.findByText('This content could not be shown.')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();

    mockChunkFails = false;
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });

    expect(await screen.findByText('112')).toBeInTheDocument();
    expect(container.querySelector('b')).not.toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(screen.queryByText('This content could not be shown.')).not.toBeInTheDocument();
  });
});
