import { format, parseISO } from 'date-fns';
import { enGB, nl } from 'date-fns/locale';
import countries from 'i18n-iso-countries';
import enCountries from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import nlCountries from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { PDF_FONTS, useEmbeddedFonts } from './fonts.js';

countries.registerLocale(enCountries);
countries.registerLocale(nlCountries);

/** The languages a proof-of-cover letter is written in. */
export const PROOF_LANGUAGES = ['en', 'nl'] as const;
export type ProofLanguage = (typeof PROOF_LANGUAGES)[number];

/** What a proof-of-cover letter states. Dates are wire dates (YYYY-MM-DD). */
export interface ProofLetter {
  language: ProofLanguage;
  name: string;
  birthDate: string;
  policyNumber: string;
  insuranceType: 'TRAVEL' | 'HEALTH' | 'STAY';
  coverage: string;
  startDate: string;
  endDate: string;
  /** ISO 3166-1 alpha-2. */
  destination: string;
  issuedOn: string;
  /** The short code printed on the letter, e.g. `ABCDE-FGHJK`. */
  shortCode: string;
  /** The page that verifies the letter by its short code (no code in it). */
  verifyPageUrl: string;
  /** The page the QR code opens: the verification page with the letter's random token. */
  qrUrl: string;
}

type Texts = {
  title: string;
  greeting: string;
  intro: string;
  name: string;
  birthDate: string;
  policyNumber: string;
  insurance: string;
  coverage: string;
  period: string;
  periodValue: (start: string, end: string) => string;
  destination: string;
  issuedOn: string;
  types: Record<ProofLetter['insuranceType'], string>;
  checkTitle: string;
  check: (url: string) => string;
  code: string;
  validity: string;
  closing: string;
};

const TEXTS: Record<ProofLanguage, Texts> = {
  en: {
    title: 'Proof of insurance cover',
    greeting: 'To whom it may concern,',
    intro:
      'We hereby confirm that the person named below is insured with Student Insurance under this policy.',
    name: 'Insured person',
    birthDate: 'Date of birth',
    policyNumber: 'Policy number',
    insurance: 'Insurance',
    coverage: 'Coverage',
    period: 'Period of cover',
    periodValue: (start, end) => `${start} up to and including ${end}`,
    destination: 'Destination',
    issuedOn: 'Date of issue',
    types: { TRAVEL: 'Travel insurance', HEALTH: 'Health insurance', STAY: 'Stay insurance' },
    checkTitle: 'Check this letter',
    check: (url) =>
      `Scan the QR code, or go to ${url} and enter the verification code. The check shows whether this cover is valid on the day you check it.`,
    code: 'Verification code',
    validity:
      'This letter stops being valid when the policy ends, is terminated or is cancelled; the check then says so and gives the date.',
    closing: 'Kind regards,\nStudent Insurance',
  },
  nl: {
    title: 'Bewijs van verzekering',
    greeting: 'Aan wie het aangaat,',
    intro:
      'Hierbij bevestigen wij dat de hieronder genoemde persoon met deze polis bij Student Insurance verzekerd is.',
    name: 'Verzekerde',
    birthDate: 'Geboortedatum',
    policyNumber: 'Polisnummer',
    insurance: 'Verzekering',
    coverage: 'Dekking',
    period: 'Verzekerde periode',
    periodValue: (start, end) => `${start} tot en met ${end}`,
    destination: 'Bestemming',
    issuedOn: 'Datum van afgifte',
    types: { TRAVEL: 'Reisverzekering', HEALTH: 'Zorgverzekering', STAY: 'Verblijfsverzekering' },
    checkTitle: 'Controleer deze brief',
    check: (url) =>
      `Scan de QR-code, of ga naar ${url} en vul de controlecode in. De controle laat zien of deze dekking geldig is op de dag dat u controleert.`,
    code: 'Controlecode',
    validity:
      'Deze brief is niet meer geldig als de polis afloopt, wordt beëindigd of wordt geannuleerd; de controle meldt dat dan met de datum.',
    closing: 'Met vriendelijke groet,\nStudent Insurance',
  },
};

const DATE_LOCALES = { en: enGB, nl } as const;

/** A wire date as the letter writes it: `1 October 2026`, `1 oktober 2026`. */
export function letterDate(wire: string, language: ProofLanguage): string {
  return format(parseISO(wire), 'd MMMM yyyy', { locale: DATE_LOCALES[language] });
}

/** The labelled lines of the letter, in its language. */
export function proofLetterLines(letter: ProofLetter): { label: string; value: string }[] {
  const text = TEXTS[letter.language];
  const date = (wire: string) => letterDate(wire, letter.language);
  return [
    { label: text.name, value: letter.name },
    { label: text.birthDate, value: date(letter.birthDate) },
    { label: text.policyNumber, value: letter.policyNumber },
    { label: text.insurance, value: text.types[letter.insuranceType] },
    { label: text.coverage, value: letter.coverage },
    { label: text.period, value: text.periodValue(date(letter.startDate), date(letter.endDate)) },
    {
      label: text.destination,
      value: countries.getName(letter.destination, letter.language) ?? letter.destination,
    },
    { label: text.issuedOn, value: date(letter.issuedOn) },
  ];
}

const MARGIN = 56;
const QR_SIZE = 128;

/**
 * Renders the letter as an A4 PDF. The QR code is drawn as vector squares from the `qrcode` library's
 * module matrix, so it stays sharp when printed and needs no image decoder. Error correction level M
 * survives a crease or a stamp over part of it.
 */
export function renderProofLetter(letter: ProofLetter): Promise<Buffer> {
  const text = TEXTS[letter.language];
  const qr = QRCode.create(letter.qrUrl, { errorCorrectionLevel: 'M' });
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      lang: letter.language,
      info: {
        Title: `${text.title} ${letter.policyNumber}`,
        Author: 'Student Insurance',
        Subject: `${text.code}: ${letter.shortCode}`,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    useEmbeddedFonts(doc);

    doc.font(PDF_FONTS.bold).fontSize(20).text('Student Insurance');
    doc.moveDown(0.5).fontSize(16).text(text.title);
    doc.moveDown().font(PDF_FONTS.regular).fontSize(11).text(text.greeting);
    doc.moveDown(0.5).text(text.intro);
    doc.moveDown();
    for (const line of proofLetterLines(letter)) {
      doc.font(PDF_FONTS.bold).text(`${line.label}: `, { continued: true });
      doc.font(PDF_FONTS.regular).text(line.value);
    }

    doc.moveDown(1.5).font(PDF_FONTS.bold).fontSize(13).text(text.checkTitle);
    const top = doc.y + 6;
    const width = doc.page.width - 2 * MARGIN;
    const textWidth = width - QR_SIZE - 24;
    doc
      .font(PDF_FONTS.regular)
      .fontSize(11)
      .text(text.check(letter.verifyPageUrl), MARGIN, top, { width: textWidth });
    doc.moveDown(0.5).text(`${text.code}:`, { width: textWidth });
    doc.font(PDF_FONTS.bold).fontSize(18).text(letter.shortCode, { width: textWidth, characterSpacing: 1 });
    const textBottom = doc.y;
    drawQr(doc, qr.modules, MARGIN + width - QR_SIZE, top, QR_SIZE);

    doc.x = MARGIN;
    doc.y = Math.max(textBottom, top + QR_SIZE) + 18;
    doc.font(PDF_FONTS.regular).fontSize(10).text(text.validity, { width });
    doc.moveDown().fontSize(11).text(text.closing, { width });
    doc.end();
  });
}

/** Black squares for the dark modules, on the white page (the quiet zone is the page margin). */
function drawQr(
  doc: PDFKit.PDFDocument,
  modules: QRCode.BitMatrix,
  x: number,
  y: number,
  size: number,
): void {
  const cell = size / modules.size;
  doc.save();
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
