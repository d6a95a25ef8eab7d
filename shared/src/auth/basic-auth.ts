/**
 * `Basic base64(email:password)` with the credentials encoded as UTF-8 first, so that a
 * password with characters outside Latin-1 neither throws in `btoa` nor changes on the way.
 */
export function basicAuthHeader(email: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
