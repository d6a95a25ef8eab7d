import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { apiPaths } from '../paths.js';

// PDF's standard fonts (Helvetica) know Latin-1 only: any other character of a name (Ł, Ş, Ω, Я, an
// emoji) came out as other, wrong characters. DejaVu Sans is embedded instead (as a subset of the
// characters used): Latin, Greek and Cyrillic in full, and a box for a character it lacks, which the
// name rules of the forms refuse anyway.

/** The font names the documents use. */
export const PDF_FONTS = { regular: 'Portal-Regular', bold: 'Portal-Bold' } as const;

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

/** What pdfkit's registerFont takes besides a file: a font that fontkit has read. */
type LoadedFont = { layout: (text: string) => unknown };

let loaded: Record<keyof typeof FILES, LoadedFont> | undefined;

// Read once per process and given to every document as fontkit's font: read per document, its
// layout tables (kerning, ligatures) were parsed again each time, over ten times the cost of a
// document with a standard font.
function fonts(): Record<keyof typeof FILES, LoadedFont> {
  const read = (file: string) => fontkit.create(readFileSync(join(apiPaths.fonts, file))) as LoadedFont;
  loaded ??= { regular: read(FILES.regular), bold: read(FILES.bold) };
  return loaded;
}

/** Registers the embedded fonts with a document and starts it in the regular one. */
export function useEmbeddedFonts(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = fonts();
  // pdfkit takes a fontkit font as it is (PDFFontFactory.open); its types name only files and bytes.
  doc.registerFont(PDF_FONTS.regular, regular as unknown as Buffer);
  doc.registerFont(PDF_FONTS.bold, bold as unknown as Buffer);
  doc.font(PDF_FONTS.regular);
}
