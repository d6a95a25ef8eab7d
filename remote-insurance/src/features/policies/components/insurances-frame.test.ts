/** @jest-environment node */
// The frame this remote's server renders for a student (server/main.ts): My Insurance with her
// policies, in Node without a DOM, as the host server puts it in her page.
import { createFrameRenderer } from '@portal/server/frame-renderer';
import { pages } from '../../../exposed/pages';
import { routes } from '../../../exposed/routes';
import { rawPolicy } from '../../../test-support/policies';

describe("a student's own frame of My Insurance", () => {
  const renderer = createFrameRenderer({ pages, routes });
  const path = 'api/en/profiles/P-1001/policies';

  it('shows her policy cards, their links working and their buttons waiting for the app', async () => {
    const html = await renderer.render({
      route: 'insurances',
      locale: 'en-GB',
      profileId: 'P-1001',
      answers: {
        [path]: [
          rawPolicy({ policyId: 'POL-1', policyNumber: 'TR-2026-100101', insuranceType: 'TRAVEL' }),
          rawPolicy({ policyId: 'POL-2', policyNumber: 'ST-2026-100102' }),
        ],
      },
    });
    expect(html).toContain('<h1 id="_R_0_">My Insurance</h1>');
    expect(html).toContain('<dd>TR-2026-100101</dd>');
    expect(html).toContain('<dd>ST-2026-100102</dd>');
    expect(html).toContain('<a href="/en/insurances/POL-1/terminate"');
    expect(html).toMatch(/<button [^>]*inert="">Show details<\/button>/);
    expect(html).not.toContain('policy-card--placeholder');
  });

  it('shows her cards in Dutch, and an unreadable policy as its error card', async () => {
    const html = await renderer.render({
      route: 'insurances',
      locale: 'nl',
      profileId: 'P-1001',
      answers: {
        [path]: [rawPolicy({ policyNumber: 'TR-2026-100101' }), { policyNumber: 'XX-1', status: 'LOST' }],
      },
    });
    expect(html).toContain('Mijn verzekering');
    expect(html).toContain('<dd>TR-2026-100101</dd>');
    expect(html).toContain('XX-1');
  });

  it('shows the card outlines, as the build’s frame does, for an answer that is not a list', async () => {
    const html = await renderer.render({
      route: 'insurances',
      locale: 'en-GB',
      profileId: 'P-1001',
      answers: { [path]: { code: 'NOT_FOUND' } },
    });
    expect(html).toContain('policy-card--placeholder');
  });
});
