import { http } from '@portal/shared';
import type { Locale } from '@portal/shared';

import { passwordHeaders } from '../../profile/api/password-headers';

/**
 * `POST /api/data-export` with the current password (401 wrong password, 429 after three an hour):
 * the zip of everything the portal holds about the student, its summary in `locale`.
 */
export async function exportMyData(
  currentPassword: string,
  locale: Locale,
): Promise<{ file: Blob; name: string }> {
  const response = await http.post('api/data-export', {
    headers: passwordHeaders(currentPassword),
    searchParams: { lang: locale === 'nl' ? 'nl' : 'en' },
  });
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
