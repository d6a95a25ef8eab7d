import { lastLogoutAt, onLogout } from '@portal/shared';
import { readEmergencyPass, removeEmergencyPass } from './emergency-pass';

let unregister: (() => void) | undefined;

/**
 * The Emergency Pass holds the student's name and policy numbers: a logout takes it off the device,
 * on whichever page the student logs out and whether or not it was ever shown. From the first page
 * of this remote on, the auth store's logout hook removes it; a pass saved before a logout that
 * happened while this remote was not loaded (another page, another tab, before a reload) is removed
 * here, before any page of this remote can show it. Idempotent; returns the unregister function.
 */
export function removePassOnLogout(): () => void {
  const pass = readEmergencyPass();
  const loggedOutAt = lastLogoutAt();
  if (pass && loggedOutAt !== null && Date.parse(pass.savedAt) <= loggedOutAt) removeEmergencyPass();
  unregister ??= onLogout(removeEmergencyPass);
  return () => {
    unregister?.();
    unregister = undefined;
  };
}
