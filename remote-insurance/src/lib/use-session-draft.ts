import { useCallback, useState } from 'react';
import * as v from 'valibot';

function read<T>(key: string, schema: v.GenericSchema<unknown, T>, initial: T): T {
  try {
    const stored = sessionStorage.getItem(key);
    if (stored === null) return initial;
    const result = v.safeParse(schema, JSON.parse(stored));
    // A draft of an older release or edited by hand is dropped rather than trusted.
    return result.success ? result.output : initial;
  } catch {
    return initial;
  }
}

/**
 * State of a multi-step flow kept in session storage under `key`, so that a reload in the middle
 * of the flow comes back to the same step with what was typed. Session storage: it ends with the
 * tab, and bank details never outlive it. `clear` forgets the draft once the flow is finished.
 */
export function useSessionDraft<T>(key: string, schema: v.GenericSchema<unknown, T>, initial: T) {
  const [draft, setDraftState] = useState<T>(() => read(key, schema, initial));

  const setDraft = useCallback(
    (update: (previous: T) => T) => {
      setDraftState((previous) => {
        const next = update(previous);
        try {
          sessionStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Storage full or blocked: the flow still works, only a reload loses it.
        }
        return next;
      });
    },
    [key],
  );

  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing was stored.
    }
  }, [key]);

  return { draft, setDraft, clear };
}
