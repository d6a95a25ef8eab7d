import PDFDocument from 'pdfkit';
import { PDF_FONTS, useEmbeddedFonts } from './fonts.js';

/** One labelled line of a generated document. */
export interface PdfLine {
  label: string;
  value: string;
}

/** Renders a simple A4 PDF with a title, labelled lines and an optional paragraph. */
export function renderPdf(title: string, lines: PdfLine[], paragraph?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: title, Author: 'Student Insurance' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    useEmbeddedFonts(doc);
    doc.fontSize(20).text('Student Insurance', { align: 'left' });
    doc.moveDown(0.5).fontSize(16).text(title);
    doc.moveDown();
    for (const line of lines) {
      doc.fontSize(11).font(PDF_FONTS.bold).text(`${line.label}: `, { continued: true });
      doc.font(PDF_FONTS.regular).text(line.value);
    }
    if (paragraph) doc.moveDown().fontSize(10).text(paragraph);
    doc.end();
  });
}
