/** @jest-environment jest-fixed-jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { Passkey } from '@portal/contract/wire';

import { PasskeysSection } from './passkeys-section';

jest.mock('@simplewebauthn/browser', () => ({
  startRegistration: jest.fn(),
}));
import { startRegistration } from '@simplewebauthn/browser';

initI18n({ lng: 'en-GB' });

const PHONE: Passkey = {
  id: 'pk-1',
  name: 'Phone',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};

let fetchMock: FetchMock | undefined;

function serve(
  list: Passkey[],
  answers: Record<string, (request: Request) => Response | Promise<Response>> = {},
) {
  fetchMock = mockFetch((request) => {
    const { pathname } = new URL(request.url);
    const answer = answers[`${request.method} ${pathname}`];
    if (answer) return answer(request);
    if (request.method === 'GET' && pathname === '/api/passkeys') return jsonResponse(list);
    if (request.method === 'GET' && pathname === '/api/checksession')
      return jsonResponse({ firstName: 'Anna', profileId: 'P-1001' });
    return emptyResponse(404);
  });
}

afterEach(() => {
  fetchMock?.restore();
  fetchMock = undefined;
});

async function renderSection() {
  useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1001' });
  render(<PasskeysSection />);
  return screen.findByRole('region', { name: 'Passkeys' });
}

describe('PasskeysSection', () => {
  it('should list each passkey with its name, date added and date last used', async () => {
    serve([PHONE, { ...PHONE, id: 'pk-2', name: 'Laptop', lastUsedAt: '2026-04-02T08:00:00.000Z' }]);
    const section = await renderSection();
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('heading', { name: 'Phone' })).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('1 Mar 2026')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Not used yet')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('2 Apr 2026')).toBeInTheDocument();
  });

  it('should ask the current password, let the browser create the passkey and list it', async () => {
    serve([], {
      'POST /api/passkeys/registration/options': (request) =>
        request.headers.get('X-Authorization-Password') === 'Secret-Pass-1'
          ? jsonResponse({
              challenge: 'c1',
              rp: { name: 'x' },
              user: { id: 'u', name: 'a', displayName: 'A' },
            })
          : jsonResponse({ code: 'INVALID_PASSWORD', message: 'Invalid password.' }, 401),
      'POST /api/passkeys': () => jsonResponse(PHONE, 201),
    });
    jest.mocked(startRegistration).mockResolvedValue({ id: 'cred' } as never);
    const user = userEvent.setup();
    const section = await renderSection();
    expect(await within(section).findByText('You have no passkeys yet.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(within(section).getByText('This field is required.')).toBeInTheDocument();
    expect(startRegistration).not.toHaveBeenCalled();

    await user.type(within(section).getByLabelText('Current password'), 'wrong-password');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByText('Invalid password.')).toBeInTheDocument();
    expect(startRegistration).not.toHaveBeenCalled();

    await user.clear(within(section).getByLabelText('Current password'));
    await user.type(within(section).getByLabelText('Current password'), 'Secret-Pass-1');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByText(/The passkey “Phone” is added/)).toBeInTheDocument();
    expect(startRegistration).toHaveBeenCalledWith({
      optionsJSON: expect.objectContaining({ challenge: 'c1' }),
    });
    const sent = fetchMock?.requests.find(
      (request) => request.method === 'POST' && new URL(request.url).pathname === '/api/passkeys',
    );
    expect(await sent?.clone().json()).toEqual({ response: { id: 'cred' } });
    expect(within(section).getByRole('heading', { name: 'Phone' })).toBeInTheDocument();
  });

  it('should say when the browser made no passkey, and when the account has 10', async () => {
    serve([], {
      'POST /api/passkeys/registration/options': () => jsonResponse({ challenge: 'c1' }),
    });
    jest
      .mocked(startRegistration)
      .mockRejectedValue(Object.assign(new Error('x'), { name: 'NotAllowedError' }));
    const user = userEvent.setup();
    const section = await renderSection();
    await user.type(await within(section).findByLabelText('Current password'), 'Secret-Pass-1');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByText('No passkey was created. Please try again.')).toBeInTheDocument();
  });

  it('should offer no new passkey at 10, and say why', async () => {
    serve(Array.from({ length: 10 }, (_, index) => ({ ...PHONE, id: `pk-${index}` })));
    const section = await renderSection();
    expect(
      await within(section).findByText(
        'You have 10 passkeys, the most an account can have. Remove one to add another.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('should rename a passkey and remove one with the password', async () => {
    serve([PHONE], {
      'PATCH /api/passkeys/pk-1': async (request) =>
        jsonResponse({ ...PHONE, name: ((await request.json()) as { name: string }).name }),
      'DELETE /api/passkeys/pk-1': (request) =>
        request.headers.get('X-Authorization-Password') === 'Secret-Pass-1'
          ? emptyResponse(204)
          : jsonResponse({ code: 'INVALID_PASSWORD', message: 'Invalid password.' }, 401),
    });
    const user = userEvent.setup();
    const section = await renderSection();
    const item = await within(section).findByRole('listitem');
    await user.clear(within(item).getByLabelText('Name'));
    await user.type(within(item).getByLabelText('Name'), 'Work phone');
    await user.click(within(item).getByRole('button', { name: 'Save name' }));
    expect(await within(item).findByRole('heading', { name: 'Work phone' })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    // One password field at a time: the add form steps aside while a removal is asked.
    expect(within(section).getAllByLabelText('Current password')).toHaveLength(1);
    await user.type(within(item).getByLabelText('Current password'), 'wrong-password');
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    expect(await within(item).findByText('Invalid password.')).toBeInTheDocument();
    await user.clear(within(item).getByLabelText('Current password'));
    await user.type(within(item).getByLabelText('Current password'), 'Secret-Pass-1');
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByText('The passkey “Work phone” is removed.')).toBeInTheDocument();
    expect(within(section).queryByRole('listitem')).not.toBeInTheDocument();
  });
});
