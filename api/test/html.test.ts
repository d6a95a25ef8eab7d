import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeHtml } from '../src/html.js';
import { linkMail } from '../src/mail/outbox.js';
import { renderMail } from '../src/mail/templates.js';
import { summaryHtml } from '../src/modules/privacy/export-summary.js';

const TYPED = `Zoë <b onclick="x()">O'Neil</b> & co`;

describe('the api writes one HTML escape', () => {
  it('escapes what would open a tag, an entity or a quoted attribute', () => {
    const escaped = escapeHtml(TYPED);
    assert.doesNotMatch(escaped, /[<>"']|&(?![a-z]+;|#x[0-9A-F]+;)/);
    assert.equal(escaped, 'Zoë &lt;b onclick&#x3D;&quot;x()&quot;&gt;O&#x27;Neil&lt;/b&gt; &amp; co');
  });

  it('writes a value the same in a templated mail, a link mail and the export summary', () => {
    const templated = renderMail(
      {
        en: { subject: 'Hello', paragraphs: ['{{name}}'] },
        nl: { subject: 'Hallo', paragraphs: ['{{name}}'] },
      },
      'en',
      'anna.devries@example.com',
      { name: TYPED },
    );
    const plain = linkMail('anna.devries@example.com', 'Hello', TYPED, 'http://localhost:8080/en/a?b=1&c=2');
    const summary = summaryHtml('en', {
      firstName: TYPED,
      exportedAt: new Date('2026-03-01T12:00:00Z'),
      policies: 1,
      invoices: 0,
      claims: 0,
      receipts: 0,
      proofLetters: 0,
      passkeys: 0,
      sessions: 1,
      mails: 0,
      consent: null,
    });
    for (const html of [templated.html, plain.html, summary]) {
      assert.ok(html.includes(escapeHtml(TYPED)), html);
      assert.ok(!html.includes(TYPED));
    }
    assert.ok(plain.html.includes('href="http://localhost:8080/en/a?b&#x3D;1&amp;c&#x3D;2"'));
  });
});
