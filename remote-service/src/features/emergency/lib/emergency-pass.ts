/**
 * The Emergency Pass: what a student needs in an emergency abroad when there is no network (their
 * name, policy numbers and coverage, and the 24/7 numbers), kept on the device at their request.
 *
 * It is kept in local storage, which survives a browser restart and is shared by the tabs of the
 * origin, so a removal in one tab removes it for all. The service remote removes it at logout through
 * the auth store's logout hook (./remove-pass-on-logout.ts); the auth store knows nothing of it. It was
 * `@portal/shared`'s until the service remote took it over: the pass is this remote's own feature.
 */

import { KEEP_OFFLINE_MESSAGE } from '@portal/shared/keep-offline-message';

/** Local storage key of the pass. */
export const EMERGENCY_PASS_KEY = 'portal-emergency-pass';

/** One policy on the pass. */
export type EmergencyPassPolicy = {
  /** The policy number, or the application number while there is none. */
  number: string;
  insuranceType: 'travel' | 'health' | 'stay';
  coverage: string;
  /** Wire dates (`YYYY-MM-DD`). */
  startDate: string;
  endDate: string;
};

/** The 24/7 emergency service, as the content endpoint gives it. */
export type EmergencyPassContacts = {
  /** E.164. */
  phone: string;
  phoneDisplay: string;
  whatsapp: string;
  email: string;
};

/** The pass as it is kept on the device. */
export type EmergencyPass = {
  /** Version of the stored shape; a pass of another version is not shown. */
  version: 1;
  /** ISO timestamp of the moment it was saved. */
  savedAt: string;
  /** The profile it belongs to: another student logging in on the device does not see it. */
  profileId: string;
  /** The full name of the student. */
  name: string;
  policies: EmergencyPassPolicy[];
  emergency: EmergencyPassContacts;
};

const isString = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const INSURANCE_TYPES: ReadonlySet<unknown> = new Set(['travel', 'health', 'stay']);

function isPolicy(value: unknown): value is EmergencyPassPolicy {
  return (
    isRecord(value) &&
    isString(value.number) &&
    INSURANCE_TYPES.has(value.insuranceType) &&
    isString(value.coverage) &&
    isString(value.startDate) &&
    isString(value.endDate)
  );
}

function isContacts(value: unknown): value is EmergencyPassContacts {
  return (
    isRecord(value) &&
    isString(value.phone) &&
    isString(value.phoneDisplay) &&
    isString(value.whatsapp) &&
    isString(value.email)
  );
}

/**
 * Reads a stored pass. Local storage is under the control of whatever runs on the device, so the
 * value is checked field by field; anything else (an older shape, broken JSON) counts as no pass.
 */
export function parseEmergencyPass(json: string | null): EmergencyPass | null {
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (
    !isRecord(value) ||
    value.version !== 1 ||
    !isString(value.savedAt) ||
    Number.isNaN(Date.parse(value.savedAt)) ||
    !isString(value.profileId) ||
    !isString(value.name) ||
    !Array.isArray(value.policies) ||
    !value.policies.every(isPolicy) ||
    !isContacts(value.emergency)
  ) {
    return null;
  }
  return {
    version: 1,
    savedAt: value.savedAt,
    profileId: value.profileId,
    name: value.name,
    policies: value.policies.map(({ number, insuranceType, coverage, startDate, endDate }) => ({
      number,
      insuranceType,
      coverage,
      startDate,
      endDate,
    })),
    emergency: {
      phone: value.emergency.phone,
      phoneDisplay: value.emergency.phoneDisplay,
      whatsapp: value.emergency.whatsapp,
      email: value.emergency.email,
    },
  };
}

// Storage can be missing or refuse (private browsing, a full disk, a blocked origin): the pass is then
// simply not kept, and the page says so.
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

// The last value read, so that the same stored text gives the same object (`useSyncExternalStore`).
let lastRead: { json: string | null; pass: EmergencyPass | null } = { json: null, pass: null };

/** The pass kept on this device, or null; the same object as long as the stored pass is unchanged. */
export function readEmergencyPass(): EmergencyPass | null {
  let json: string | null;
  try {
    json = storage()?.getItem(EMERGENCY_PASS_KEY) ?? null;
  } catch {
    json = null;
  }
  if (json !== lastRead.json) lastRead = { json, pass: parseEmergencyPass(json) };
  return lastRead.pass;
}

export { KEEP_OFFLINE_MESSAGE };

/** Which page {@link keepPageOffline} keeps: the remote that serves it and its chunk in `page-assets.json`. */
export type OfflinePage = { remote: string; pageChunk: string };

/**
 * Asks the host's service worker to keep this page and the files it loaded, so that it opens
 * without a network. Resolves true once they are kept, false when there is no service worker (or it
 * does not answer within `timeoutMs`): the pass is still kept, only the page may not open offline.
 */
export async function keepPageOffline(
  { remote, pageChunk }: OfflinePage,
  timeoutMs = 15_000,
): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs));
  const kept = (async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return false;
    const urls = performance
      .getEntriesByType('resource')
      .filter((entry) =>
        ['script', 'link', 'css'].includes((entry as PerformanceResourceTiming).initiatorType),
      )
      .map((entry) => entry.name);
    return new Promise<boolean>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<unknown>) => resolve(event.data === true);
      worker.postMessage({ type: KEEP_OFFLINE_MESSAGE, page: location.href, remote, pageChunk, urls }, [
        channel.port2,
      ]);
    });
  })();
  return Promise.race([kept, timeout]);
}

/** Keeps the pass on this device over any earlier one; false when the device refuses to keep it. */
export function saveEmergencyPass(pass: EmergencyPass): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(EMERGENCY_PASS_KEY, JSON.stringify(pass));
    return true;
  } catch {
    return false;
  } finally {
    notify();
  }
}

/** Removes the pass from this device (logout, or the student's own choice). Never throws. */
export function removeEmergencyPass(): void {
  try {
    storage()?.removeItem(EMERGENCY_PASS_KEY);
  } catch {
    // Nothing could be stored either.
  } finally {
    notify();
  }
}

/**
 * Calls `listener` whenever the pass changes in this tab or another tab of the portal (a logout
 * there removes it here too). Returns the unsubscribe function; fits `useSyncExternalStore`.
 */
export function subscribeEmergencyPass(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === EMERGENCY_PASS_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
