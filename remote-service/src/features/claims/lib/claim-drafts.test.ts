/** @jest-environment jest-fixed-jsdom */
import 'fake-indexeddb/auto';
import { useAuthStore } from '@portal/shared';

import { EMPTY_CLAIM } from '../api/submit-claim';
import {
  discardDraft,
  discardOtherDrafts,
  keepDraftsWithSession,
  loadDraft,
  saveDraft,
} from './claim-drafts';
import type { ClaimDraft } from './claim-drafts';

const draft = (description: string): ClaimDraft => ({
  values: { ...EMPTY_CLAIM, description },
  receipts: [],
  savedAt: '2026-11-23T10:00:00.000Z',
});

/** Lets the store's subscriber's IndexedDB work finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('claim drafts', () => {
  afterEach(async () => {
    await discardOtherDrafts(null);
    useAuthStore.setState({ authenticated: false, profileId: null, username: null, sessionEnd: null });
  });

  it('should keep a draft per student and remove it', async () => {
    await saveDraft('P-1', draft('Anna'));
    await saveDraft('P-2', draft('Ben'));
    expect((await loadDraft('P-1'))?.values.description).toBe('Anna');
    await discardDraft('P-1');
    expect(await loadDraft('P-1')).toBeUndefined();
    expect((await loadDraft('P-2'))?.values.description).toBe('Ben');
  });

  it('should remove every draft when the student logs out', async () => {
    useAuthStore.setState({ authenticated: true, profileId: 'P-1', username: 'Anna' });
    const stop = keepDraftsWithSession();
    await saveDraft('P-1', draft('Anna'));
    useAuthStore.setState({ authenticated: false, profileId: null, username: null, sessionEnd: 'logout' });
    await settle();
    expect(await loadDraft('P-1')).toBeUndefined();
    stop();
  });

  it('should not bring a draft back with a save that comes after the logout', async () => {
    useAuthStore.setState({ authenticated: true, profileId: 'P-1', username: 'Anna', sessionEnd: null });
    const stop = keepDraftsWithSession();
    await saveDraft('P-1', draft('Anna'));
    useAuthStore.setState({ authenticated: false, profileId: null, username: null, sessionEnd: 'logout' });
    // The form's typing pause ends before the form is gone.
    await saveDraft('P-1', draft('Anna, still typing'));
    await settle();
    expect(await loadDraft('P-1')).toBeUndefined();
    stop();
  });

  it('should keep the draft when the session expires, for the student to continue after logging in', async () => {
    useAuthStore.setState({ authenticated: true, profileId: 'P-1', username: 'Anna', sessionEnd: null });
    const stop = keepDraftsWithSession();
    await saveDraft('P-1', draft('Anna'));
    // What a 401 in the middle of the form does.
    useAuthStore.getState().markUnauthenticated();
    await settle();
    expect((await loadDraft('P-1'))?.values.description).toBe('Anna');
    useAuthStore.setState({ authenticated: true, profileId: 'P-1', username: 'Anna', sessionEnd: null });
    await settle();
    expect((await loadDraft('P-1'))?.values.description).toBe('Anna');
    stop();
  });

  it('should remove an expired session’s draft when another student logs in', async () => {
    useAuthStore.setState({ authenticated: true, profileId: 'P-1', username: 'Anna', sessionEnd: null });
    const stop = keepDraftsWithSession();
    await saveDraft('P-1', draft('Anna'));
    useAuthStore.getState().markUnauthenticated();
    useAuthStore.setState({ authenticated: true, profileId: 'P-2', username: 'Ben', sessionEnd: null });
    await settle();
    expect(await loadDraft('P-1')).toBeUndefined();
    stop();
  });

  it('should keep the draft of the student who logs in and remove the others', async () => {
    const stop = keepDraftsWithSession();
    await saveDraft('P-1', draft('Anna'));
    await saveDraft('P-2', draft('Ben'));
    // The session confirmed after a closed tab: the student's own draft survives.
    useAuthStore.setState({ authenticated: true, profileId: 'P-1', username: 'Anna' });
    await settle();
    expect((await loadDraft('P-1'))?.values.description).toBe('Anna');
    expect(await loadDraft('P-2')).toBeUndefined();
    stop();
  });

  it('should remove the drafts of others when it starts with a student logged in', async () => {
    await saveDraft('P-1', draft('Anna'));
    await saveDraft('P-2', draft('Ben'));
    useAuthStore.setState({ authenticated: true, profileId: 'P-2', username: 'Ben' });
    const stop = keepDraftsWithSession();
    await settle();
    expect(await loadDraft('P-1')).toBeUndefined();
    expect((await loadDraft('P-2'))?.values.description).toBe('Ben');
    stop();
  });

  it('should remove nothing while no session was known yet', async () => {
    const stop = keepDraftsWithSession();
    await saveDraft('P-1', draft('Anna'));
    useAuthStore.setState({ authenticated: false, blocked: false });
    await settle();
    expect(await loadDraft('P-1')).toBeDefined();
    stop();
  });
});
