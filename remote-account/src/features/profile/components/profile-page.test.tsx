/** @jest-environment jest-fixed-jsdom */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { i18n, initI18n, loadLocale, registerNamespace, useAuthStore } from '@portal/shared';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { Profile } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { ProfilePage } from './profile-page';

initI18n({ lng: 'en-GB' });
registerNamespace('account', { en, nl: () => import('../../../locales/nl.json') });

const ANNA: Profile = {
  profileId: 'P-1001',
  gender: 'FEMALE',
  firstName: 'Anna',
  surname: 'de Vries',
  birthDate: '2001-04-12',
  countryOfOrigin: 'NL',
  nationality: 'NL',
  username: 'anna.devries@example.com',
  editable: 'true',
};

const COUNTRIES = [
  { code: 'DE', name: 'Germany' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'US', name: 'United States of America' },
];

type Answer = Response | ((request: Request) => Response | Promise<Response>);

let fetchMock: FetchMock | undefined;

/** Answers the page's loads, and `answers` for the calls a test makes (by "METHOD path"). */
function serve(profile: Profile = ANNA, answers: Record<string, Answer> = {}, policies: unknown[] = []) {
  fetchMock = mockFetch((request) => {
    const { pathname } = new URL(request.url);
    const answer = answers[`${request.method} ${pathname}`];
    if (answer) return typeof answer === 'function' ? answer(request) : answer.clone();
    if (request.method === 'GET' && pathname === '/api/en/profiles/P-1001') return jsonResponse(profile);
    if (request.method === 'GET' && pathname === '/api/en/countries') return jsonResponse(COUNTRIES);
    if (request.method === 'GET' && pathname === '/api/en/profiles/P-1001/policies')
      return jsonResponse(policies);
    if (request.method === 'GET' && pathname === '/api/passkeys') return jsonResponse([]);
    if (request.method === 'GET' && pathname === '/api/sessions') return jsonResponse([]);
    if (request.method === 'GET' && pathname === '/api/checksession')
      return jsonResponse({ firstName: 'Anne', profileId: 'P-1001' });
    return emptyResponse(404);
  });
}

const posts = () => fetchMock?.requests.filter((request) => request.method === 'POST') ?? [];

function renderPage() {
  useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1001' });
  return render(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
  );
}

// The first render of the file loads the page's lazy parts (the countries list among them), which on
// a busy machine takes longer than Testing Library's default second.
async function section(name: string) {
  return screen.findByRole('region', { name }, { timeout: 10_000 });
}

afterEach(async () => {
  fetchMock?.restore();
  fetchMock = undefined;
  useAuthStore.getState().markUnauthenticated();
  sessionStorage.clear();
  if (i18n.language !== 'en-GB') await act(() => i18n.changeLanguage('en-GB'));
});

describe('ProfilePage: personal details', () => {
  it('should show the details with the countries by name and the e-mail read-only', async () => {
    serve();
    renderPage();
    const details = await section('Personal details');
    expect(within(details).getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(within(details).getByRole('radio', { name: 'Gender diverse' })).not.toBeChecked();
    expect(within(details).getByLabelText('First name')).toHaveValue('Anna');
    expect(within(details).getByLabelText('Surname')).toHaveValue('de Vries');
    expect(within(details).getByLabelText('Birth date')).toHaveValue('12/04/2001');
    expect(within(details).getByLabelText('Country of origin')).toHaveValue('Netherlands');
    expect(within(details).getByLabelText('Nationality')).toHaveValue('Netherlands');
    expect(within(details).getByLabelText('E-mail address')).toHaveValue('anna.devries@example.com');
    expect(within(details).getByLabelText('E-mail address')).toHaveAttribute('readonly');
  });

  it('should say "We did not find any changes" and send nothing when nothing changed', async () => {
    serve();
    renderPage();
    const details = await section('Personal details');
    await userEvent.click(within(details).getByRole('button', { name: 'Save personal details' }));
    expect(await within(details).findByRole('alert')).toHaveTextContent('We did not find any changes');
    expect(posts()).toHaveLength(0);
  });

  it('should save a changed surname, typed country and birth date in wire form', async () => {
    const user = userEvent.setup();
    serve(ANNA, {
      'POST /api/en/profiles/P-1001/': jsonResponse({
        ...ANNA,
        surname: 'Jansen',
        nationality: 'DE',
        birthDate: '2001-04-13',
      }),
    });
    renderPage();
    const details = await section('Personal details');
    await user.clear(within(details).getByLabelText('Surname'));
    await user.type(within(details).getByLabelText('Surname'), '  Jansen ');
    await user.clear(within(details).getByLabelText('Birth date'));
    await user.type(within(details).getByLabelText('Birth date'), '13/04/2001');
    await user.clear(within(details).getByLabelText('Nationality'));
    await user.type(within(details).getByLabelText('Nationality'), 'germany');
    await user.click(within(details).getByRole('button', { name: 'Save personal details' }));

    expect(await within(details).findByText('Your personal details are saved.')).toBeInTheDocument();
    const [post] = posts();
    expect(new URL(post?.url ?? '').pathname).toBe('/api/en/profiles/P-1001/');
    expect(await post?.json()).toEqual({
      gender: 'FEMALE',
      firstName: 'Anna',
      surname: 'Jansen',
      birthDate: '2001-04-13',
      countryOfOrigin: 'NL',
      nationality: 'DE',
    });
    expect(within(details).getByLabelText('Nationality')).toHaveValue('Germany');
    // Saving the same again finds no changes against what was saved.
    await user.click(within(details).getByRole('button', { name: 'Save personal details' }));
    expect(await within(details).findByText(/We did not find any changes/)).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });

  it('should check every field, tie each error to it and focus the first', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    const details = await section('Personal details');
    await user.clear(within(details).getByLabelText('First name'));
    await user.clear(within(details).getByLabelText('Surname'));
    await user.clear(within(details).getByLabelText('Country of origin'));
    await user.type(within(details).getByLabelText('Country of origin'), 'Atlantis');
    await user.clear(within(details).getByLabelText('Nationality'));
    await user.clear(within(details).getByLabelText('Birth date'));
    await user.type(within(details).getByLabelText('Birth date'), '31/02/2001');
    await user.click(within(details).getByRole('button', { name: 'Save personal details' }));

    const firstName = within(details).getByLabelText('First name');
    expect(firstName).toHaveFocus();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('This field is required.');
    expect(within(details).getByLabelText('Surname')).toHaveAccessibleDescription('This field is required.');
    expect(within(details).getByLabelText('Birth date')).toHaveAccessibleDescription(
      /Enter a valid date as dd\/mm\/yyyy/,
    );
    expect(within(details).getByLabelText('Country of origin')).toHaveAccessibleDescription(
      'Choose one of the options.',
    );
    expect(within(details).getByLabelText('Nationality')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(posts()).toHaveLength(0);
  });

  it('should not accept a birth date in the future', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    const details = await section('Personal details');
    const next = new Date();
    next.setFullYear(next.getFullYear() + 1);
    const future = `01/01/${next.getFullYear()}`;
    await user.clear(within(details).getByLabelText('Birth date'));
    await user.type(within(details).getByLabelText('Birth date'), future);
    await user.click(within(details).getByRole('button', { name: 'Save personal details' }));
    expect(within(details).getByLabelText('Birth date')).toHaveAccessibleDescription(
      /The date must be today or in the past\./,
    );
    expect(within(details).getByLabelText('Birth date')).toHaveFocus();
    expect(posts()).toHaveLength(0);
  });

  it('should show the fields the backend rejected beside them', async () => {
    const user = userEvent.setup();
    serve(ANNA, {
      'POST /api/en/profiles/P-1001/': jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'x',
          fields: [{ field: 'countryOfOrigin', code: 'validation.option' }],
        },
        400,
      ),
    });
    renderPage();
    const details = await section('Personal details');
    await user.type(within(details).getByLabelText('First name'), 'a');
    await user.click(within(details).getByRole('button', { name: 'Save personal details' }));
    const country = within(details).getByLabelText('Country of origin');
    await waitFor(() => expect(country).toHaveAccessibleDescription('Choose one of the options.'));
    expect(country).toHaveFocus();
  });

  it('should show the details read-only with the institution message when the institute manages them', async () => {
    serve({ ...ANNA, editable: 'false', gender: 'UNDEFINED' });
    renderPage();
    const details = await section('Personal details');
    expect(
      within(details).getByText(
        'Your institution manages these details; please contact your institution to change them.',
      ),
    ).toBeInTheDocument();
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(details).queryByRole('button')).not.toBeInTheDocument();
    expect(within(details).getByText('Gender diverse')).toBeInTheDocument();
    // Shown in the display format, not as typed.
    expect(within(details).getByText('12 Apr 2001')).toBeInTheDocument();
    // E-mail and password stay the student's to change.
    expect(within(await section('E-mail address')).getByLabelText('New e-mail address')).toBeInTheDocument();
    expect(within(await section('Password')).getByLabelText('New password')).toBeInTheDocument();
  });

  it('should turn read-only when saving answers 403 INSTITUTE_MANAGED', async () => {
    const user = userEvent.setup();
    serve(ANNA, {
      'POST /api/en/profiles/P-1001/': jsonResponse({ code: 'INSTITUTE_MANAGED', message: 'x' }, 403),
    });
    renderPage();
    const details = await section('Personal details');
    await user.type(within(details).getByLabelText('First name'), 'a');
    await user.click(within(details).getByRole('button', { name: 'Save personal details' }));
    expect(await within(details).findByText(/Your institution manages these details/)).toBeInTheDocument();
  });

  it("should show the api's reason for a refusal that names no field, with the focus on it", async () => {
    const user = userEvent.setup();
    const why = 'A change is under review; no further changes are possible until approval.';
    serve(ANNA, {
      'POST /api/en/profiles/P-1001/': jsonResponse({ code: 'UNDER_REVIEW', message: why }, 409),
    });
    renderPage();
    const details = await section('Personal details');
    await user.type(within(details).getByLabelText('First name'), 'a');
    await user.click(within(details).getByRole('button', { name: 'Save personal details' }));
    const reason = await within(details).findByText(why);
    expect(reason).toHaveFocus();
    expect(within(details).queryByText('Something went wrong.')).not.toBeInTheDocument();
  });

  it('should show the country names in Dutch on a Dutch page', async () => {
    serve();
    await act(() => loadLocale('nl').then(() => i18n.changeLanguage('nl')));
    renderPage();
    const details = await section('Persoonlijke gegevens');
    expect(within(details).getByLabelText('Land van herkomst')).toHaveValue('Nederland');
    expect(within(details).getByRole('radio', { name: 'Genderdivers' })).toBeInTheDocument();
    // The suggestion list comes in the second pass.
    await waitFor(() => expect(document.querySelectorAll('datalist option')).toHaveLength(3));
    const options = [...document.querySelectorAll('datalist option')].map((option) =>
      option.getAttribute('value'),
    );
    expect(options).toEqual(['Duitsland', 'Nederland', 'Verenigde Staten']);
  });
});

describe('ProfilePage: e-mail address', () => {
  async function fill(newEmail: string, repeat: string, password: string) {
    const user = userEvent.setup();
    const form = await section('E-mail address');
    if (newEmail) await user.type(within(form).getByLabelText('New e-mail address'), newEmail);
    if (repeat) await user.type(within(form).getByLabelText('Repeat new e-mail'), repeat);
    if (password) await user.type(within(form).getByLabelText('Current password'), password);
    await user.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    return form;
  }

  it('should send the new address with the current password and say where the link went', async () => {
    serve(ANNA, { 'POST /api/accounts/anna.devries%40example.com/reset/username': emptyResponse(204) });
    renderPage();
    const form = await fill('anna.new@example.com', 'Anna.New@example.com', 'Portal-Demo-2026!');
    expect(
      await within(form).findByText(
        'We have sent a confirmation link to anna.new@example.com; your e-mail changes when you follow it.',
      ),
    ).toBeInTheDocument();
    const [post] = posts();
    expect(new URL(post?.url ?? '').pathname).toBe('/api/accounts/anna.devries%40example.com/reset/username');
    expect(post?.headers.get('X-Authorization-Password')).toBe('Portal-Demo-2026!');
    expect(await post?.json()).toEqual({ newUsername: 'anna.new@example.com' });
    expect(within(form).getByLabelText('New e-mail address')).toHaveValue('');
  });

  it('should say "E-mail is not the same" when the repeat differs, and check the address and password', async () => {
    serve();
    renderPage();
    const form = await fill('not-an-address', 'other@example.com', '');
    expect(within(form).getByLabelText('New e-mail address')).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );
    expect(within(form).getByLabelText('New e-mail address')).toHaveFocus();
    expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
      'This field is required.',
    );
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText('New e-mail address'));
    await user.type(within(form).getByLabelText('New e-mail address'), 'anna.new@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'x');
    await user.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    expect(within(form).getByLabelText('Repeat new e-mail')).toHaveAccessibleDescription(
      'E-mail is not the same.',
    );
    expect(posts()).toHaveLength(0);
  });

  it('should say "Invalid password." on a 401 and keep the student logged in', async () => {
    serve(ANNA, {
      'POST /api/accounts/anna.devries%40example.com/reset/username': jsonResponse(
        { code: 'INVALID_PASSWORD', message: 'Invalid password.' },
        401,
      ),
    });
    const unauthorized = jest.fn();
    window.addEventListener('portal:unauthorized', unauthorized);
    renderPage();
    const form = await fill('anna.new@example.com', 'anna.new@example.com', 'wrong');
    const password = within(form).getByLabelText('Current password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Invalid password.'));
    expect(password).toHaveFocus();
    expect(useAuthStore.getState().authenticated).toBe(true);
    expect(unauthorized).not.toHaveBeenCalled();
    window.removeEventListener('portal:unauthorized', unauthorized);
  });

  it('should say "E-mail address already exists." on a 409', async () => {
    serve(ANNA, {
      'POST /api/accounts/anna.devries%40example.com/reset/username': jsonResponse(
        { code: 'EMAIL_EXISTS', message: 'x' },
        409,
      ),
    });
    renderPage();
    const form = await fill('ben.okafor@example.com', 'ben.okafor@example.com', 'Portal-Demo-2026!');
    await waitFor(() =>
      expect(within(form).getByLabelText('New e-mail address')).toHaveAccessibleDescription(
        'E-mail address already exists.',
      ),
    );
  });

  it('should say when to try again after a 429', async () => {
    serve(ANNA, {
      'POST /api/accounts/anna.devries%40example.com/reset/username': jsonResponse(
        { code: 'RATE_LIMITED', message: 'x' },
        429,
        { 'Retry-After': '30' },
      ),
    });
    renderPage();
    const form = await fill('anna.new@example.com', 'anna.new@example.com', 'x');
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 30 seconds.',
    );
  });
});

describe('ProfilePage: password', () => {
  async function fill(current: string, next: string, repeat: string) {
    const user = userEvent.setup();
    const form = await section('Password');
    if (current) await user.type(within(form).getByLabelText('Current password'), current);
    if (next) await user.type(within(form).getByLabelText('New password'), next);
    if (repeat) await user.type(within(form).getByLabelText('Repeat new password'), repeat);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    return form;
  }

  it('should tick off each rule as the student types', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();
    const form = await section('Password');
    const rule = (name: RegExp) => within(form).getByText(name).closest('li');
    expect(rule(/at least 12 characters/)).toHaveTextContent('(not yet)');
    await user.type(within(form).getByLabelText('New password'), 'abc');
    expect(rule(/a lowercase letter/)).toHaveTextContent('(done)');
    expect(rule(/a capital letter/)).toHaveTextContent('(not yet)');
    await user.type(within(form).getByLabelText('New password'), 'DEFGHIJ1!');
    for (const name of [/at least 12/, /capital/, /lowercase/, /a number/, /special/])
      expect(rule(name)).toHaveTextContent('(done)');
    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
      /Your new password needs/,
    );
  });

  it.each([
    ['Abcdefgh1!', 'The password must have at least 12 characters.'],
    ['abcdefghijk1!', 'The password must have at least one capital letter.'],
    ['ABCDEFGHIJK1!', 'The password must have at least one lowercase letter.'],
    ['Abcdefghijkl!', 'The password must have at least one number.'],
    ['Abcdefghijk12', 'The password must have at least one special character.'],
  ])('should refuse %s: %s', async (password, message) => {
    serve();
    renderPage();
    const form = await fill('old', password, password);
    const field = within(form).getByLabelText('New password');
    expect(field).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
    expect(field).toHaveFocus();
    expect(posts()).toHaveLength(0);
  });

  it('should say "New password not the same" and require the current password', async () => {
    serve();
    renderPage();
    const form = await fill('', 'Abcdefghijk1!', 'Abcdefghijk1?');
    expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(within(form).getByLabelText('Current password')).toHaveFocus();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'old');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('Repeat new password')).toHaveAccessibleDescription(
      'New password not the same.',
    );
    expect(posts()).toHaveLength(0);
  });

  it('should change the password with the current one in the header and keep the student logged in', async () => {
    serve(ANNA, { 'POST /api/accounts/anna.devries%40example.com/password': emptyResponse(204) });
    renderPage();
    const form = await fill('Portal-Demo-2026!', 'Abcdefghijk1!', 'Abcdefghijk1!');
    expect(await within(form).findByText(/Your password is changed/)).toBeInTheDocument();
    const [post] = posts();
    expect(new URL(post?.url ?? '').pathname).toBe('/api/accounts/anna.devries%40example.com/password');
    expect(post?.headers.get('X-Authorization-Password')).toBe('Portal-Demo-2026!');
    expect(await post?.json()).toEqual({ password: 'Abcdefghijk1!' });
    expect(useAuthStore.getState().authenticated).toBe(true);
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });

  it('should say "Invalid password." on a 401 and keep the student logged in', async () => {
    serve(ANNA, {
      'POST /api/accounts/anna.devries%40example.com/password': jsonResponse(
        { code: 'INVALID_PASSWORD', message: 'Invalid password.' },
        401,
      ),
    });
    renderPage();
    const form = await fill('wrong', 'Abcdefghijk1!', 'Abcdefghijk1!');
    const current = within(form).getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription('Invalid password.'));
    expect(current).toHaveFocus();
    expect(useAuthStore.getState().authenticated).toBe(true);
  });

  it('should show a rule the backend rejected beside the new password', async () => {
    serve(ANNA, {
      'POST /api/accounts/anna.devries%40example.com/password': jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'x',
          fields: [{ field: 'password', code: 'validation.password.special' }],
        },
        400,
      ),
    });
    renderPage();
    const form = await fill('old', 'Abcdefghijk1!', 'Abcdefghijk1!');
    await waitFor(() =>
      expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
        /must have at least one special character/,
      ),
    );
  });

  it('should say the service is unavailable when the backend cannot be reached', async () => {
    serve(ANNA, {
      'POST /api/accounts/anna.devries%40example.com/password': () => {
        throw new Error('offline');
      },
    });
    renderPage();
    const form = await fill('old', 'Abcdefghijk1!', 'Abcdefghijk1!');
    expect(await within(form).findByRole('alert')).toHaveTextContent(/Service unavailable/);
  });
});

describe('ProfilePage: claim updates by e-mail', () => {
  it('should show claim mails on, and turn them off at once with the choice said', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    serve(ANNA, {
      'GET /api/en/profiles/P-1001/mail-preferences': jsonResponse({ language: 'en', claimUpdates: true }),
      'PUT /api/en/profiles/P-1001/mail-preferences': async (request) => {
        sent.push(await request.json());
        return jsonResponse({ language: 'en', claimUpdates: false });
      },
    });
    renderPage();
    const setting = await section('Claim updates by e-mail');
    const box = await within(setting).findByRole('checkbox', { name: 'Claim updates by e-mail' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/Mails about your account's security are always sent/);
    await user.click(box);
    expect(await within(setting).findByRole('status')).toHaveTextContent(
      'You no longer get mails about your claims.',
    );
    expect(box).not.toBeChecked();
    expect(sent).toEqual([{ claimUpdates: false }]);
  });
});
