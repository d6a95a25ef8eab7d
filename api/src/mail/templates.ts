import Handlebars from 'handlebars';
import type { Mail } from './outbox.js';

/** The languages mails are written in; a student's is kept on her profile (`profiles.mail_language`). */
export const MAIL_LANGUAGES = ['en', 'nl'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Her language, or English for anything else. */
export function mailLanguage(value: unknown): MailLanguage {
  return value === 'nl' ? 'nl' : 'en';
}

/** The locale names numbers, amounts and dates are written with. */
export const MAIL_LOCALES: Record<MailLanguage, string> = { en: 'en-GB', nl: 'nl-NL' };

/**
 * A mail as templates in each language: a subject, paragraphs and an optional link with its label.
 * Every part is a Handlebars template over the mail's values; the values are inserted as text, and the
 * HTML part escapes everything once, in the layout.
 */
export interface MailTemplate {
  subject: string;
  paragraphs: string[];
  linkLabel?: string;
}

const handlebars = Handlebars.create();

/** A paragraph of a rendered mail: text, or a list of items (names the student reads one by one). */
interface Paragraph {
  text?: string;
  items?: string[];
}

/** Where a template puts the list given to {@link renderMail}. */
export const LIST = '[list]';

const HTML_LAYOUT = handlebars.compile<{
  lang: string;
  subject: string;
  paragraphs: Paragraph[];
  link?: string;
  linkLabel?: string;
}>(
  `<!doctype html>
<html lang="{{lang}}">
<head><meta charset="utf-8"><title>{{subject}}</title></head>
<body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1a1a1a">
{{#each paragraphs}}{{#if items}}<ul>{{#each items}}<li>{{this}}</li>{{/each}}</ul>{{else}}<p>{{text}}</p>{{/if}}
{{/each}}{{#if link}}<p><a href="{{link}}">{{linkLabel}}</a><br>{{link}}</p>
{{/if}}<p style="color: #555">Student Insurance</p>
</body>
</html>
`,
  { knownHelpersOnly: true, knownHelpers: { each: true, if: true } },
);

const TEXT_LAYOUT = handlebars.compile<{ paragraphs: Paragraph[]; link?: string; linkLabel?: string }>(
  `{{#each paragraphs}}{{#if items}}{{#each items}}- {{this}}
{{/each}}{{else}}{{text}}
{{/if}}

{{/each}}{{#if link}}{{linkLabel}}:
{{link}}

{{/if}}Student Insurance
`,
  { noEscape: true, knownHelpersOnly: true, knownHelpers: { each: true, if: true } },
);

const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** A part of a template filled in as plain text (escaping is the HTML layout's, once). */
function fill(template: string, values: Record<string, unknown>): string {
  let render = compiled.get(template);
  if (!render) {
    render = handlebars.compile(template, {
      noEscape: true,
      knownHelpersOnly: true,
      knownHelpers: { if: true },
    });
    compiled.set(template, render);
  }
  return render(values).trim();
}

/**
 * Renders `templates[language]` for `to`: the HTML part and its plain-text twin from the same
 * paragraphs. A paragraph that comes out empty (an optional value that is absent) is left out; a
 * paragraph that is {@link LIST} is `list`, one item a line (left out when empty).
 */
export function renderMail<T extends Record<string, unknown>>(
  templates: Record<MailLanguage, MailTemplate>,
  language: MailLanguage,
  to: string,
  values: T,
  link?: string,
  list: readonly string[] = [],
): Mail {
  const template = templates[language];
  const subject = fill(template.subject, values);
  const paragraphs: Paragraph[] = template.paragraphs
    .map((paragraph) => (paragraph === LIST ? { items: [...list] } : { text: fill(paragraph, values) }))
    .filter((paragraph) => (paragraph.items ? paragraph.items.length > 0 : Boolean(paragraph.text)));
  const linkLabel = template.linkLabel ? fill(template.linkLabel, values) : undefined;
  const parts = { paragraphs, ...(link ? { link, linkLabel } : {}) };
  return {
    to,
    subject,
    text: TEXT_LAYOUT(parts),
    html: HTML_LAYOUT({ lang: language, subject, ...parts }),
    links: link ? [link] : [],
  };
}

/** An amount as the mail's language writes it, e.g. `€ 65,00` in Dutch. */
export function mailAmount(amount: number, language: MailLanguage): string {
  return new Intl.NumberFormat(MAIL_LOCALES[language], { style: 'currency', currency: 'EUR' }).format(amount);
}

/** A day as the mail's language writes it, e.g. `26 November 2026` or `26 november 2026`. */
export function mailDay(at: Date, language: MailLanguage): string {
  return new Intl.DateTimeFormat(MAIL_LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Amsterdam',
  }).format(at);
}
