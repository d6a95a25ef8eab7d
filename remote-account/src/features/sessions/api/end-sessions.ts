import { http } from '@portal/shared';

/** `DELETE /api/sessions/{id}`: ends one other session; its browser is sent to the login page. */
export async function endSession(id: string): Promise<void> {
  await http.delete(`api/sessions/${encodeURIComponent(id)}`);
}

/** `DELETE /api/sessions`: ends every session but this one; resolves to how many were ended. */
export async function endOtherSessions(): Promise<number> {
  const body = await http.delete('api/sessions').json<{ ended: number }>();
  return body.ended;
}
