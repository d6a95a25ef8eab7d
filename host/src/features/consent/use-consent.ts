import { useSyncExternalStore } from 'react';
import { isConsentBannerOpen, readConsent, subscribeConsent } from './consent-choice';
import type { ConsentChoice } from './consent-choice';

/** The student's analytics choice, re-rendering when it changes. */
export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(
    subscribeConsent,
    () => readConsent(),
    () => null,
  );
}

/** Whether the consent banner is on screen. */
export function useConsentBannerOpen(): boolean {
  return useSyncExternalStore(subscribeConsent, isConsentBannerOpen, () => false);
}
