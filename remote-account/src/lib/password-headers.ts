/** docs/requirements.md §6: a logged-in student's password or e-mail change carries the current password here. */
export const PASSWORD_HEADER = 'X-Authorization-Password';

export function passwordHeaders(currentPassword: string): Record<string, string> {
  return { [PASSWORD_HEADER]: currentPassword };
}
