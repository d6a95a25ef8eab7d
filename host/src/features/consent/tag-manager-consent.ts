import { isValidGtmId } from '../../app/runtime-config-shape';
import { installTagManager } from '../tag-manager/tag-manager';
import { updateAnalyticsConsent } from './consent-mode';
import { readConsent, subscribeConsent } from './consent-choice';

/**
 * Runs the tag manager only with the student's consent: at start-up when she accepted before, or
 * the moment she accepts (no reload). A later "reject" tells the running tag manager through
 * Consent Mode, so it stops storing analytics cookies.
 * @returns whether a valid container id is configured (content views are reported once accepted)
 */
export function startTagManagerWithConsent(id: string | null | undefined): boolean {
  if (!isValidGtmId(id)) {
    // Reports an invalid id once, at start-up; loads nothing.
    installTagManager(id);
    return false;
  }
  let installed = false;
  let granted = false;
  const apply = () => {
    const accepted = readConsent() === 'granted';
    if (accepted === granted) return;
    granted = accepted;
    if (!installed) installed = granted && installTagManager(id);
    else updateAnalyticsConsent(granted);
  };
  apply();
  subscribeConsent(apply);
  return true;
}
