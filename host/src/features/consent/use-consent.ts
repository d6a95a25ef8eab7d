import { useSyncExternalStore } from 'react';
import { readConsent, subscribeConsent } from './consent-choice';
import type { ConsentChoice } from './consent-choice';

/** The student's analytics choice, re-rendering when it changes. */
export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(
    subscribeConsent,
    () => readConsent(),
    () => null,
  );
}
