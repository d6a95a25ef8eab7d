/** @jest-environment jest-fixed-jsdom */
import { render } from '@testing-library/react';

import { initI18n } from '@portal/shared';
import { SanitizedHtml } from './sanitized-html';
import { bringSanitizerWithPage } from './sanitizer-with-page';

describe('bringSanitizerWithPage', () => {
  beforeAll(() => initI18n({ lng: 'en-GB' }));

  it('should sanitise a page’s HTML at its first render, with no sanitiser left to fetch', () => {
    bringSanitizerWithPage();
    const { container } = render(
      <SanitizedHtml html={'<p>Call <strong>112</strong><img src=x onerror="alert(1)"></p>'} />,
    );
    // In the same render, not after an await: the markup is there, sanitised.
    expect(container.querySelector('strong')?.textContent).toBe('112');
    expect(container.innerHTML).not.toContain('onerror');
  });
});
