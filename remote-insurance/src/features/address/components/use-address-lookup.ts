import { useEffect, useEffectEvent, useState } from 'react';

import { lookupAddress, lookupQuery } from '../api/lookup-address';

/** Wait after the last keystroke before asking: one lookup per pause, not one per character. */
export const LOOKUP_DEBOUNCE_MS = 400;

/** Where the lookup of the typed postcode and house number stands. */
export type LookupStatus = 'idle' | 'looking' | 'found' | 'unknown' | 'failed';

/**
 * Looks up street and city while the student types a Dutch postcode and house number, debounced;
 * `onFound` fills them in, `onMissed` is told when a lookup finds nothing or fails. A newer pair of
 * values cancels the lookup of the older one.
 */
export function useAddressLookup(
  postalCode: string,
  houseNumber: string,
  enabled: boolean,
  onFound: (street: string, city: string) => void,
  onMissed: () => void = () => undefined,
): LookupStatus {
  const [status, setStatus] = useState<LookupStatus>('idle');
  const found = useEffectEvent(onFound);
  const missed = useEffectEvent(onMissed);
  const query = enabled ? lookupQuery(postalCode, houseNumber) : null;
  const key = query ? `${query.pc} ${query.nr}` : '';

  useEffect(() => {
    if (!key) {
      setStatus('idle');
      return undefined;
    }
    const [pc = '', nr = ''] = key.split(' ');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('looking');
      lookupAddress({ pc, nr }, controller.signal).then(
        (result) => {
          if (result.kind === 'found') found(result.street, result.city);
          else missed();
          setStatus(result.kind);
        },
        () => undefined,
      );
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return status;
}
