import { bucketOf, newReleaseGroup, releaseGroupCookie, releaseGroupOf, runtimeForGroup } from './canary';
import type { RuntimeConfig } from '../src/app/runtime-config-shape';

const runtime: RuntimeConfig = {
  remotes: {
    billing: 'http://stable:8083/mf-manifest.json',
    account: 'http://account:8081/mf-manifest.json',
  },
  gtmId: null,
  contentRoot: '/sitecore/content/Portal/Home',
};
const canaries = { billing: { url: 'http://canary:8093/mf-manifest.json', percent: 50 } };
const never = () => false;

describe('release groups', () => {
  it('should read only a well-formed group from the cookies', () => {
    const group = newReleaseGroup();
    expect(releaseGroupOf(`a=1; portal_release_group=${group}; b=2`)).toBe(group);
    expect(releaseGroupOf('portal_release_group=../../etc')).toBeUndefined();
    expect(releaseGroupOf(undefined)).toBeUndefined();
    expect(releaseGroupCookie(group, true)).toBe(
      `portal_release_group=${group}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure`,
    );
  });

  it('should give the canary to about its share of browsers, the same one each time', () => {
    const groups = Array.from({ length: 2000 }, () => newReleaseGroup());
    const onCanary = groups.filter(
      (group) => runtimeForGroup(runtime, canaries, group, never).remotes.billing === canaries.billing.url,
    );
    expect(onCanary.length).toBeGreaterThan(850);
    expect(onCanary.length).toBeLessThan(1150);
    for (const group of groups.slice(0, 50))
      expect(runtimeForGroup(runtime, canaries, group, never)).toEqual(
        runtimeForGroup(runtime, canaries, group, never),
      );
  });

  it('should name the stable URL of a canary remote, and leave the others as they are', () => {
    const group = Array.from({ length: 100 }, () => newReleaseGroup()).find(
      (candidate) => bucketOf(candidate, 'billing') < 50,
    ) as string;
    expect(runtimeForGroup(runtime, canaries, group, never)).toEqual({
      ...runtime,
      remotes: { ...runtime.remotes, billing: canaries.billing.url },
      canary: { billing: runtime.remotes.billing },
    });
  });

  it('should give nobody a canary that was rolled back, at 0% or at 100%', () => {
    const group = newReleaseGroup();
    expect(
      runtimeForGroup(runtime, { billing: { ...canaries.billing, percent: 100 } }, group, () => true),
    ).toEqual(runtime);
    expect(runtimeForGroup(runtime, { billing: { ...canaries.billing, percent: 0 } }, group, never)).toEqual(
      runtime,
    );
    expect(
      runtimeForGroup(runtime, { billing: { ...canaries.billing, percent: 100 } }, group, never).remotes
        .billing,
    ).toBe(canaries.billing.url);
  });
});
