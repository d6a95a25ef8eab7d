/** docs/requirements.md §6: anonymous account operations carry the link's token in this header. */
export const TOKEN_HEADER = 'X-Authorization-Token';

export function tokenHeaders(token: string): Record<string, string> {
  return { [TOKEN_HEADER]: token };
}
