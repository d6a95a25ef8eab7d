// fontkit ships no types; the api uses only this, to hand pdfkit a font read once.
declare module 'fontkit' {
  /** Reads a font file (TrueType, OpenType, WOFF); a collection when the file holds several. */
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
