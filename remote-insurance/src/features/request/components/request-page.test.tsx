/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@portal/shared';
import { jsonResponse, mockFetch, renderWithProviders } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { day, formDay, requestsTo } from '../../../test-support/policies';
import { REQUEST_DRAFT_KEY } from './use-request-draft';
import { RequestPage } from './request-page';

registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => {
  fetchMock?.restore();
  window.sessionStorage.clear();
});

const REQUESTS = '/api/en/requests';

// A whole application is typed key by key: on a busy machine that takes longer than Jest's 5 s.
jest.setTimeout(30_000);

function serve(send: () => Response = () => jsonResponse({ applicationNumber: 'APP-2026-0000ABCD' }, 201)) {
  fetchMock = mockFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/en/countries') {
      return jsonResponse([
        { code: 'BR', name: 'Brazil' },
        { code: 'NL', name: 'Netherlands' },
      ]);
    }
    if (pathname === REQUESTS) return send();
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

async function fillIn(origin = 'Brazil') {
  const user = userEvent.setup({ delay: null });
  await screen.findAllByRole('option', { name: 'Brazil' });
  await user.click(screen.getByRole('radio', { name: 'Health' }));
  await user.type(screen.getByLabelText('Start date'), formDay(30));
  await user.type(screen.getByLabelText('End date'), formDay(395));
  await user.selectOptions(screen.getByLabelText('Destination country'), 'Netherlands');
  await user.selectOptions(screen.getByLabelText('Country of origin'), origin);
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.type(screen.getByLabelText('First name'), 'Lucia');
  await user.type(screen.getByLabelText('Surname'), 'Souza');
  await user.type(screen.getByLabelText('Date of birth'), '03/03/2004');
  await user.selectOptions(screen.getByLabelText('Nationality'), 'Brazil');
  await user.type(screen.getByLabelText('E-mail address'), 'lucia@example.com');
  return user;
}

describe('RequestPage', () => {
  it('should send a request and show the application number and what happens next', async () => {
    serve();
    renderWithProviders(<RequestPage />);
    const user = await fillIn();
    await user.type(screen.getByLabelText(/Educational institution/), 'Utrecht University');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Your application number is APP-2026-0000ABCD.');
    expect(sent).toHaveTextContent(/e-mail with a link to activate your account/);
    expect(sent).toHaveFocus();
    // The confirmation mail is asked for in the page's language.
    expect(
      new URL(requestsTo(fetchMock?.requests ?? [], REQUESTS)[0]?.url ?? '').searchParams.get('lang'),
    ).toBe('en');
    expect(await requestsTo(fetchMock?.requests ?? [], REQUESTS)[0]?.json()).toEqual({
      insuranceType: 'HEALTH',
      startDate: day(30),
      endDate: day(395),
      destination: 'NL',
      countryOfOrigin: 'BR',
      person: {
        gender: 'FEMALE',
        firstName: 'Lucia',
        surname: 'Souza',
        birthDate: '2004-03-03',
        nationality: 'BR',
        email: 'lucia@example.com',
      },
      educationalInstitution: { name: 'Utrecht University' },
    });
    expect(window.sessionStorage.getItem(REQUEST_DRAFT_KEY)).toBeNull();
  });

  it("should refuse the home country as destination in the browser: We can't insure your situation", async () => {
    serve();
    renderWithProviders(<RequestPage />);
    const user = await fillIn('Netherlands');
    expect(screen.getByLabelText('Destination country')).toHaveAccessibleDescription(
      "We can't insure your situation. The destination is your country of origin, and we insure students who go abroad.",
    );
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByLabelText('Destination country')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock?.requests ?? [], REQUESTS)).toHaveLength(0);
  });

  it('should tell the home-country rule as soon as both countries are chosen', async () => {
    serve();
    renderWithProviders(<RequestPage />);
    const user = userEvent.setup({ delay: null });
    await screen.findAllByRole('option', { name: 'Brazil' });
    await user.selectOptions(screen.getByLabelText('Destination country'), 'Brazil');
    await user.selectOptions(screen.getByLabelText('Country of origin'), 'Brazil');
    expect(screen.getByLabelText('Destination country')).toHaveAccessibleDescription(
      "We can't insure your situation. The destination is your country of origin, and we insure students who go abroad.",
    );
    await user.selectOptions(screen.getByLabelText('Country of origin'), 'Netherlands');
    expect(screen.getByLabelText('Destination country')).not.toHaveAttribute('aria-invalid');
  });

  it('should show the home-country answer of the api on the destination', async () => {
    serve(() =>
      jsonResponse(
        {
          code: 'HOME_COUNTRY',
          message: "We can't insure your situation.",
          fields: [{ field: 'destination', code: 'validation.destination.homeCountry' }],
        },
        422,
      ),
    );
    renderWithProviders(<RequestPage />);
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText(
        "We can't insure your situation. The destination is your country of origin, and we insure students who go abroad.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Destination country')).toHaveFocus();
  });

  it("should show the api's reason for a refusal that names no field, not an internal error", async () => {
    const why = 'Too many attempts. Please try again in 40 minutes.';
    serve(() => jsonResponse({ code: 'RATE_LIMITED', message: why }, 429));
    renderWithProviders(<RequestPage />);
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(why);
    expect(alert).not.toHaveTextContent(/Internal error/);
    expect(alert).toHaveFocus();
  });

  it('should tie every missing field to its error and send nothing', async () => {
    serve();
    renderWithProviders(<RequestPage />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    for (const label of [
      'Start date',
      'End date',
      'First name',
      'Surname',
      'Date of birth',
      'E-mail address',
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText('Destination country')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByRole('group', { name: 'Insurance type' })).toHaveAccessibleDescription(
      'Choose one of the options.',
    );
    expect(requestsTo(fetchMock?.requests ?? [], REQUESTS)).toHaveLength(0);
  });

  it('should keep what was typed across a reload until it is sent', async () => {
    serve();
    const first = renderWithProviders(<RequestPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('First name'), 'Lucia');
    await user.click(screen.getByRole('radio', { name: 'Stay' }));
    first.unmount();
    renderWithProviders(<RequestPage />);
    expect(screen.getByLabelText('First name')).toHaveValue('Lucia');
    expect(screen.getByRole('radio', { name: 'Stay' })).toBeChecked();
  });

  it('should say the request failed and keep the form for any other failure', async () => {
    serve(() => jsonResponse({ code: 'RATE_LIMITED', message: 'Slow down' }, 429));
    renderWithProviders(<RequestPage />);
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your request was not sent');
    expect(screen.getByLabelText('First name')).toHaveValue('Lucia');
  });
});
