import { inflateSync } from 'node:zlib';

/** A stream of a PDF that pdfkit wrote, decompressed, with the number of its object. */
interface PdfStream {
  object: number;
  data: string;
}

/**
 * The decompressed streams of a PDF that pdfkit wrote. Each stream is cut by its `/Length`:
 * compressed data may end in a byte that a pattern up to `endstream` would take for a line break.
 * Streams whose dictionary holds another dictionary (images) hold no page text and are left out.
 */
function pdfStreams(pdf: Buffer): PdfStream[] {
  const text = pdf.toString('latin1');
  const streams: PdfStream[] = [];
  for (const match of text.matchAll(/<<((?:(?!<<|>>)[\s\S])*)>>\s*stream\r?\n/g)) {
    const length = /\/Length (\d+)(?! \d+ R)/.exec(match[1] ?? '')?.[1];
    if (length === undefined) continue;
    const start = (match.index ?? 0) + match[0].length;
    const objects = [...text.slice(0, match.index).matchAll(/(\d+) 0 obj/g)];
    try {
      streams.push({
        object: Number(objects.at(-1)?.[1] ?? -1),
        data: inflateSync(Buffer.from(text.slice(start, start + Number(length)), 'latin1')).toString(
          'latin1',
        ),
      });
    } catch {
      // A font stream that is not deflated: it holds no page text.
    }
  }
  return streams;
}

/** The decompressed content streams of a PDF that pdfkit wrote. */
export function contentStreams(pdf: Buffer): string[] {
  return pdfStreams(pdf).map((stream) => stream.data);
}

// A ligature's text is several units, written with spaces between them (`<0066 0069>` for fi).
const utf16 = (hex: string): string =>
  String.fromCharCode(
    ...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)),
  );

/** The code → text table of a ToUnicode CMap (the forms pdfkit writes: bfrange with an array, bfchar). */
function readCmap(cmap: string): Map<number, string> {
  const table = new Map<number, string>();
  for (const [, first, , list] of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    [...(list ?? '').matchAll(/<([0-9a-f\s]*)>/gi)].forEach((unicode, index) =>
      table.set(Number.parseInt(first ?? '0', 16) + index, utf16(unicode[1] ?? '')),
    );
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (block[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) {
      table.set(Number.parseInt(code ?? '0', 16), utf16(unicode ?? ''));
    }
  }
  return table;
}

/**
 * The text shown on the pages. pdfkit writes each line as hex strings in a TJ array: one byte a
 * character (WinAnsi) with a standard font, two bytes a glyph with an embedded font, which its
 * ToUnicode map turns back into text.
 */
export function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const streams = pdfStreams(pdf);
  const cmaps = new Map(streams.map((stream) => [stream.object, stream.data]));
  // Font object → its ToUnicode table; font name in the page's resources (/F2) → font object.
  const fontMaps = new Map<number, Map<number, string>>();
  for (const [, font, cmap] of text.matchAll(
    /(\d+) 0 obj\s*<<(?:(?!endobj)[\s\S])*?\/ToUnicode (\d+) 0 R/g,
  )) {
    const data = cmaps.get(Number(cmap));
    if (data) fontMaps.set(Number(font), readCmap(data));
  }
  const names = new Map<string, Map<number, string>>();
  for (const [, name, font] of text.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const table = fontMaps.get(Number(font));
    if (name && table) names.set(name, table);
  }
  const lines: string[] = [];
  for (const { data } of streams) {
    let table: Map<number, string> | undefined;
    for (const [, font, array] of data.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ/g)) {
      if (font) {
        table = names.get(font);
        continue;
      }
      const hexes = [...(array ?? '').matchAll(/<([0-9a-f]*)>/gi)].map((hex) => hex[1] ?? '');
      lines.push(
        hexes
          .map((hex) =>
            table
              ? (hex.match(/.{4}/g) ?? []).map((code) => table?.get(Number.parseInt(code, 16)) ?? '').join('')
              : Buffer.from(hex, 'hex').toString('latin1'),
          )
          .join(''),
      );
    }
  }
  return lines.join('\n');
}
