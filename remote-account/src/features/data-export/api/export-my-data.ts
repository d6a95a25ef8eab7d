import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { http } from '@portal/shared';
import type { Locale } from '@portal/shared';

import { passwordHeaders } from '../../../lib/password-headers';

/**
 * `POST /api/data-export` with the current password (401 wrong password, 429 after three an hour):
 * the zip of everything the portal holds about the student, its summary in `locale`.
 */
export async function exportMyData(
  currentPassword: string,
  locale: Locale,
): Promise<{ file: Blob; name: string }> {
  return download(
    await http.post('api/data-export', {
      headers: passwordHeaders(currentPassword),
      searchParams: { lang: locale === 'nl' ? 'nl' : 'en' },
    }),
  );
}

/** The zip of an export's answer, with the file name the api gives it. */
async function download(response: Response): Promise<{ file: Blob; name: string }> {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'my-data.zip';
  return { file: await response.blob(), name };
}

/** Hands the file to the browser as a download. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The same export confirmed with one of her passkeys instead of the password:
 * `POST /api/data-export/passkey-options` (a challenge for her own passkeys), the browser asks for
 * one, then `POST /api/data-export` with its answer (401 for a passkey that is not hers).
 */
export async function exportMyDataWithPasskey(locale: Locale): Promise<{ file: Blob; name: string }> {
  const optionsJSON = await http
    .post('api/data-export/passkey-options')
    .json<PublicKeyCredentialRequestOptionsJSON>();
  const { startAuthentication } = await import(
    /* webpackChunkName: "on-demand-webauthn" */ '@simplewebauthn/browser'
  );
  const response = await startAuthentication({ optionsJSON });
  return download(
    await http.post('api/data-export', {
      json: { response },
      searchParams: { lang: locale === 'nl' ? 'nl' : 'en' },
    }),
  );
}
