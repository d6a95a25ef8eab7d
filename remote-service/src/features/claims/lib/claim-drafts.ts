import { clear, createStore, del, get, keys, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import { useAuthStore } from '@portal/shared';

import type { ClaimFormValues } from '../api/submit-claim';

/** A claim being typed, kept on the device: the fields, the chosen receipts and when it was last saved. */
export type ClaimDraft = {
  values: ClaimFormValues;
  receipts: File[];
  /** ISO timestamp of the last save. */
  savedAt: string;
};

let store: UseStore | undefined;
// Opened on first use: importing this module must not touch IndexedDB (tests, server rendering).
const drafts = (): UseStore => (store ??= createStore('portal-claim-drafts', 'drafts'));

/** The draft of a student, or undefined. Never rejects: a browser without IndexedDB simply has none. */
export async function loadDraft(profileId: string): Promise<ClaimDraft | undefined> {
  try {
    return await get<ClaimDraft>(profileId, drafts());
  } catch {
    return undefined;
  }
}

/**
 * The student logged out on this device: a save that comes after it (the form's typing pause ended
 * between the logout and the form going away) must not bring back the draft the logout removed. A
 * session that expired still saves: that student logs in again and continues.
 */
function loggedOut(): boolean {
  const { authenticated, sessionEnd } = useAuthStore.getState();
  return !authenticated && sessionEnd === 'logout';
}

/** Saves a student's draft over the previous one; a failure only means the draft is not kept. */
export async function saveDraft(profileId: string, draft: ClaimDraft): Promise<void> {
  if (loggedOut()) return;
  try {
    await set(profileId, draft, drafts());
  } catch {
    // Private browsing or a full disk: the form goes on without a draft.
  }
}

/** Removes a student's draft (sent, or discarded). */
export async function discardDraft(profileId: string): Promise<void> {
  try {
    await del(profileId, drafts());
  } catch {
    // Nothing stored, or no IndexedDB: nothing to remove.
  }
}

/** The files a student chose to add to a claim that asks for more documents, kept on the device. */
export type DocumentsDraft = { receipts: File[]; savedAt: string };

/** The key of a documents draft: the student's, then the claim's (never a profile id on its own). */
const documentsKey = (profileId: string, claimNumber: string) => `${profileId}#documents#${claimNumber}`;

/** Whether a stored key is a draft of `profileId` (her claim form's or one of her documents drafts). */
function isDraftOf(key: string, profileId: string): boolean {
  return key === profileId || key.startsWith(`${profileId}#`);
}

/** The documents draft of a claim, or undefined; never rejects. */
export async function loadDocumentsDraft(
  profileId: string,
  claimNumber: string,
): Promise<DocumentsDraft | undefined> {
  try {
    return await get<DocumentsDraft>(documentsKey(profileId, claimNumber), drafts());
  } catch {
    return undefined;
  }
}

/** Keeps the files chosen for a claim's documents, as the claim form keeps its draft. */
export async function saveDocumentsDraft(
  profileId: string,
  claimNumber: string,
  draft: DocumentsDraft,
): Promise<void> {
  if (loggedOut()) return;
  try {
    await set(documentsKey(profileId, claimNumber), draft, drafts());
  } catch {
    // Private browsing or a full disk: the form goes on without a draft.
  }
}

/** Removes the documents draft of a claim (sent, or emptied). */
export async function discardDocumentsDraft(profileId: string, claimNumber: string): Promise<void> {
  try {
    await del(documentsKey(profileId, claimNumber), drafts());
  } catch {
    // Nothing stored, or no IndexedDB.
  }
}

/** Removes every draft on the device except those of `keep`. */
export async function discardOtherDrafts(keep: string | null): Promise<void> {
  try {
    if (keep === null) {
      await clear(drafts());
      return;
    }
    const stored = await keys(drafts());
    await Promise.all(stored.filter((key) => !isDraftOf(String(key), keep)).map((key) => del(key, drafts())));
  } catch {
    // No IndexedDB: there are no drafts.
  }
}

let unsubscribe: (() => void) | undefined;

/**
 * A draft belongs to the logged-in student: when the student logs out every draft is removed from
 * the device, and when a student logs in (or is found logged in when this starts), the drafts of
 * others are. A session that expired (the api answered 401 while the student was typing) removes
 * nothing: the student logs in again and continues the claim, and if someone else logs in instead,
 * that login removes it. The state at start-up removes nothing either: after a closed tab the
 * session is only known once it has been checked, and the draft must survive that. Idempotent.
 */
export function keepDraftsWithSession(): () => void {
  if (!unsubscribe) {
    // Another student may have logged in on this device before this module was loaded.
    const { authenticated, profileId } = useAuthStore.getState();
    if (authenticated && profileId) void discardOtherDrafts(profileId);
  }
  unsubscribe ??= useAuthStore.subscribe((state, previous) => {
    if (previous.authenticated && !state.authenticated && state.sessionEnd === 'logout')
      void discardOtherDrafts(null);
    else if (state.authenticated && state.profileId && state.profileId !== previous.profileId)
      void discardOtherDrafts(state.profileId);
  });
  return () => {
    unsubscribe?.();
    unsubscribe = undefined;
  };
}
