/** The export's human-readable summary (summary.html), in the student's language. */

import { escapeHtml } from '../../html.js';

export type ExportLanguage = 'en' | 'nl';

/** The figures the summary shows; the data itself is in data.json beside it. */
export interface SummaryFacts {
  firstName: string;
  exportedAt: Date;
  policies: number;
  invoices: number;
  claims: number;
  receipts: number;
  proofLetters: number;
  passkeys: number;
  sessions: number;
  mails: number;
  consent: 'granted' | 'denied' | null;
}

const TEXTS = {
  en: {
    title: 'Your data at Student Insurance',
    intro: (name: string, at: string) =>
      `Dear ${name}, this file holds a copy of everything the portal keeps about you, made on ${at}.`,
    machine:
      'data.json holds the same data in a form a computer can read (the shapes of our public API); the folder receipts holds the receipts you sent with your claims.',
    rows: {
      policies: 'Policies',
      invoices: 'Invoices',
      claims: 'Claims (with their history)',
      receipts: 'Receipts',
      proofLetters: 'Proof-of-cover letters issued',
      passkeys: 'Passkeys',
      sessions: 'Places where you are logged in',
      mails: 'E-mails we sent you',
    },
    consent: {
      granted: 'You accepted analytics cookies.',
      denied: 'You rejected analytics cookies.',
      none: 'You have not chosen about analytics cookies in this browser.',
    },
    closing:
      'Not in this file: your password (we keep only a one-way hash of it), session ids and other security tokens. To correct or remove data, send us a message through the contact form.',
    locale: 'en-GB',
  },
  nl: {
    title: 'Je gegevens bij Student Insurance',
    intro: (name: string, at: string) =>
      `Beste ${name}, dit bestand bevat een kopie van alles wat het portaal over je bewaart, gemaakt op ${at}.`,
    machine:
      'data.json bevat dezelfde gegevens in een vorm die een computer kan lezen (de vormen van onze openbare API); de map receipts bevat de bonnen die je bij je declaraties stuurde.',
    rows: {
      policies: 'Polissen',
      invoices: 'Facturen',
      claims: 'Declaraties (met hun verloop)',
      receipts: 'Bonnen',
      proofLetters: 'Verstrekte dekkingsverklaringen',
      passkeys: 'Passkeys',
      sessions: 'Plaatsen waar je bent ingelogd',
      mails: 'E-mails die we je stuurden',
    },
    consent: {
      granted: 'Je hebt analytische cookies geaccepteerd.',
      denied: 'Je hebt analytische cookies geweigerd.',
      none: 'Je hebt in deze browser nog geen keuze gemaakt over analytische cookies.',
    },
    closing:
      "Niet in dit bestand: je wachtwoord (we bewaren alleen een niet terug te rekenen hash), sessie-id's en andere beveiligingssleutels. Wil je gegevens laten verbeteren of verwijderen, stuur ons dan een bericht via het contactformulier.",
    locale: 'nl-NL',
  },
} as const;

/** summary.html: a short page in the student's language saying what the export holds. */
export function summaryHtml(language: ExportLanguage, facts: SummaryFacts): string {
  const text = TEXTS[language];
  const at = new Intl.DateTimeFormat(text.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(facts.exportedAt);
  const rows = (Object.keys(text.rows) as (keyof typeof text.rows)[])
    .map((key) => `<tr><th scope="row">${escapeHtml(text.rows[key])}</th><td>${facts[key]}</td></tr>`)
    .join('');
  const consent = text.consent[facts.consent ?? 'none'];
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(text.title)}</title></head>
<body>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.intro(facts.firstName, `${at} UTC`))}</p>
<table>${rows}</table>
<p>${escapeHtml(consent)}</p>
<p>${escapeHtml(text.machine)}</p>
<p>${escapeHtml(text.closing)}</p>
</body>
</html>
`;
}
