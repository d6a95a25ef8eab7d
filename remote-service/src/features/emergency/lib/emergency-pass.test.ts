/**
 * @jest-environment jest-fixed-jsdom
 */
import {
  EMERGENCY_PASS_KEY,
  parseEmergencyPass,
  readEmergencyPass,
  removeEmergencyPass,
  saveEmergencyPass,
  subscribeEmergencyPass,
} from './emergency-pass';
import type { EmergencyPass } from './emergency-pass';
import { ANNAS_PASS } from './annas-pass.test-data';

const PASS: EmergencyPass = ANNAS_PASS;

describe('Emergency Pass store', () => {
  afterEach(() => localStorage.clear());

  it('should keep the pass on the device and read it back', () => {
    expect(readEmergencyPass()).toBeNull();
    expect(saveEmergencyPass(PASS)).toBe(true);
    expect(readEmergencyPass()).toEqual(PASS);
  });

  it('should remove the pass and tell the subscribers', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeEmergencyPass(listener);
    saveEmergencyPass(PASS);
    removeEmergencyPass();
    expect(readEmergencyPass()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    saveEmergencyPass(PASS);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('should follow a change made in another tab', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeEmergencyPass(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: EMERGENCY_PASS_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('should drop fields it does not know', () => {
    const stored = JSON.stringify({ ...PASS, token: 'x', emergency: { ...PASS.emergency, extra: 1 } });
    expect(parseEmergencyPass(stored)).toEqual(PASS);
  });

  it.each([
    ['nothing', null],
    ['broken JSON', '{"version":'],
    ['another version', JSON.stringify({ ...PASS, version: 2 })],
    ['a date that is not one', JSON.stringify({ ...PASS, savedAt: 'yesterday' })],
    [
      'a policy without a number',
      JSON.stringify({ ...PASS, policies: [{ ...PASS.policies[0], number: 7 }] }),
    ],
    [
      'an unknown insurance type',
      JSON.stringify({ ...PASS, policies: [{ ...PASS.policies[0], insuranceType: 'car' }] }),
    ],
    ['no emergency numbers', JSON.stringify({ ...PASS, emergency: null })],
    ['a list', '[]'],
  ])('should read %s as no pass', (_name, stored) => {
    expect(parseEmergencyPass(stored)).toBeNull();
  });
});
