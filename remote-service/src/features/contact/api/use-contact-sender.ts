import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { http, useAuthStore } from '@portal/shared';
import { profilePath, profileWireSchema } from '@portal/contract/wire';

/** Who a logged-in student is, as the contact form fills it in: her name and e-mail address. */
export type ContactSender = { name: string; email: string };

const senderSchema = v.pick(profileWireSchema, ['firstName', 'surname', 'username']);

/** `GET /api/en/profiles/{profileId}`: her name and address, or undefined when they cannot be read. */
export async function getContactSender(
  profileId: string,
  signal?: AbortSignal,
): Promise<ContactSender | undefined> {
  const body: unknown = await http.get(profilePath(profileId), { signal }).json();
  const result = v.safeParse(senderSchema, body);
  if (!result.success) return undefined;
  const { firstName, surname, username } = result.output;
  return { name: `${firstName} ${surname}`.trim(), email: username };
}

/**
 * For a logged-in student: whether she is logged in, and her name and address once read. The form
 * then neither asks whether she is a customer nor makes her type who she is.
 */
export function useContactSender(): { loggedIn: boolean; sender: ContactSender | undefined } {
  const authenticated = useAuthStore((state) => state.authenticated);
  const profileId = useAuthStore((state) => state.profileId);
  const [sender, setSender] = useState<ContactSender | undefined>();
  useEffect(() => {
    if (!authenticated || !profileId) {
      setSender(undefined);
      return undefined;
    }
    const controller = new AbortController();
    getContactSender(profileId, controller.signal).then(setSender, () => setSender(undefined));
    return () => controller.abort();
  }, [authenticated, profileId]);
  return { loggedIn: authenticated && !!profileId, sender };
}
