/** @jest-environment jest-fixed-jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import '../../../lib/profile-texts';
import { DataExportSection } from './data-export-section';

jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: jest.fn(),
}));
import { startAuthentication } from '@simplewebauthn/browser';

initI18n({ lng: 'en-GB' });

const ASSERTION = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };

let fetchMock: FetchMock | undefined;
let exportBodies: unknown[] = [];

const OPTIONS = { challenge: 'c-1', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] };

function serve(exportAnswer: () => Response, optionsAnswer = () => jsonResponse(OPTIONS)) {
  exportBodies = [];
  fetchMock = mockFetch(async (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'POST' && pathname === '/api/data-export/passkey-options') return optionsAnswer();
    if (request.method === 'POST' && pathname === '/api/data-export') {
      exportBodies.push(await request.json());
      return exportAnswer();
    }
    if (request.method === 'GET' && pathname === '/api/checksession')
      return jsonResponse({ firstName: 'Anna', profileId: 'P-1001' });
    return emptyResponse(404);
  });
}

beforeEach(() => {
  jest.mocked(startAuthentication).mockReset();
  URL.createObjectURL = jest.fn(() => 'blob:zip');
  URL.revokeObjectURL = jest.fn();
  // The download link's click: jsdom cannot navigate to a file.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1001' });
});

afterEach(() => {
  jest.restoreAllMocks();
  fetchMock?.restore();
  fetchMock = undefined;
});

async function usePasskey() {
  render(<DataExportSection />);
  const section = await screen.findByRole('region', { name: 'Download my data' });
  await userEvent.click(within(section).getByRole('button', { name: 'Use a passkey' }));
  return section;
}

describe('DataExportSection with a passkey', () => {
  it('should send the passkey answer instead of the password and save the zip', async () => {
    jest.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    serve(
      () =>
        new Response('PK', {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="my-data-2026-11-26.zip"',
          },
        }),
    );
    const section = await usePasskey();
    expect(await within(section).findByText(/Your data is downloaded\./)).toBeInTheDocument();
    expect(jest.mocked(startAuthentication).mock.calls[0]?.[0]).toEqual({
      optionsJSON: OPTIONS,
    });
    expect(exportBodies).toEqual([{ response: ASSERTION }]);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);
  });

  it('should say so when no passkey was used (cancelled, or none on this device)', async () => {
    jest
      .mocked(startAuthentication)
      .mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    serve(() => emptyResponse(500));
    const section = await usePasskey();
    expect(
      await within(section).findByText('No passkey was used. Try again, or confirm with your password.'),
    ).toBeInTheDocument();
    expect(exportBodies).toEqual([]);
  });

  it("should say a refused passkey is not recognised (another student's, or a replay)", async () => {
    jest.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    serve(() =>
      jsonResponse(
        {
          status: 401,
          code: 'PASSKEY_NOT_RECOGNISED',
          message: 'This passkey is not recognised. Use one of your own passkeys or your password.',
        },
        401,
      ),
    );
    const section = await usePasskey();
    expect(
      await within(section).findByText(
        'This passkey is not recognised. Use one of your own passkeys or your password.',
      ),
    ).toBeInTheDocument();
  });

  it('should send a student without passkeys to add one or use her password', async () => {
    serve(
      () => emptyResponse(500),
      () =>
        jsonResponse(
          { status: 409, code: 'NO_PASSKEY', message: 'You have no passkeys. Confirm with your password.' },
          409,
        ),
    );
    const section = await usePasskey();
    expect(
      await within(section).findByText(
        'You have no passkeys yet. Add one under Passkeys, or confirm with your password.',
      ),
    ).toBeInTheDocument();
    expect(startAuthentication).not.toHaveBeenCalled();
  });
});
