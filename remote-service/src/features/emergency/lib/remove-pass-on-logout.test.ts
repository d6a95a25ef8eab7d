/**
 * @jest-environment jest-fixed-jsdom
 */
import { LAST_LOGOUT_KEY, useAuthStore } from '@portal/shared';
import { EMERGENCY_PASS_KEY, readEmergencyPass, saveEmergencyPass } from './emergency-pass';
import type { EmergencyPass } from './emergency-pass';
import { ANNAS_PASS } from './annas-pass.test-data';
import { emptyResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import { removePassOnLogout } from './remove-pass-on-logout';

const PASS: EmergencyPass = ANNAS_PASS;

describe('removePassOnLogout', () => {
  let fetchMock: FetchMock | undefined;
  let stop: (() => void) | undefined;

  afterEach(() => {
    stop?.();
    fetchMock?.restore();
    localStorage.clear();
  });

  it('should take the pass off the device when the student logs out', async () => {
    fetchMock = mockFetch(() => emptyResponse(204));
    saveEmergencyPass(PASS);
    stop = removePassOnLogout();
    expect(readEmergencyPass()).toEqual(PASS);
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1001' });
    await useAuthStore.getState().logout();
    expect(localStorage.getItem(EMERGENCY_PASS_KEY)).toBeNull();
  });

  it('should keep the pass when only the session ends (a 401): it must open offline later', () => {
    saveEmergencyPass(PASS);
    stop = removePassOnLogout();
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1001' });
    useAuthStore.getState().markUnauthenticated();
    expect(readEmergencyPass()).toEqual(PASS);
  });

  it('should remove a pass saved before a logout that happened while this remote was not loaded', () => {
    saveEmergencyPass(PASS);
    localStorage.setItem(LAST_LOGOUT_KEY, String(Date.parse(PASS.savedAt) + 60_000));
    stop = removePassOnLogout();
    expect(readEmergencyPass()).toBeNull();
  });

  it('should keep a pass saved after the last logout', () => {
    saveEmergencyPass(PASS);
    localStorage.setItem(LAST_LOGOUT_KEY, String(Date.parse(PASS.savedAt) - 60_000));
    stop = removePassOnLogout();
    expect(readEmergencyPass()).toEqual(PASS);
  });

  it('should register once however often it is called', async () => {
    fetchMock = mockFetch(() => emptyResponse(204));
    removePassOnLogout();
    stop = removePassOnLogout();
    stop();
    stop = undefined;
    saveEmergencyPass(PASS);
    await useAuthStore.getState().logout();
    // Unregistered: a logout no longer reaches the pass through the hook (it is removed at the next load).
    expect(readEmergencyPass()).toEqual(PASS);
  });
});
