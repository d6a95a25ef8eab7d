/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@portal/shared';
import { jsonResponse, mockFetch, renderWithProviders } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { policiesAnswer, rawPolicy, requestsTo } from '../../../test-support/policies';
import { AddressPage } from './address-page';

registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

const SAVE = '/api/en/policies/POL-1/address';

const DAM_5 = { postalCode: '1012 AB', houseNumber: '5', street: 'Dam', city: 'Amsterdam', country: 'NL' };

function serve(
  save: () => Response = () => jsonResponse({ underReview: false }),
  policy = rawPolicy({ status: 'ACTIVE' }),
) {
  fetchMock = mockFetch((request) => {
    const url = new URL(request.url);
    const policies = policiesAnswer(request, [policy]);
    if (policies) return policies;
    if (url.pathname === '/api/en/countries') {
      return jsonResponse([
        { code: 'BE', name: 'Belgium' },
        { code: 'NL', name: 'Netherlands' },
      ]);
    }
    if (url.pathname === '/pacos') {
      return url.searchParams.get('pc') === '1012AB' && url.searchParams.get('nr') === '5'
        ? jsonResponse(['Dam', 'Amsterdam'])
        : jsonResponse({ code: 'INVALID_HOUSE_NUMBER', message: 'Invalid house number.' }, 404);
    }
    if (url.pathname === SAVE) return save();
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

function renderPage() {
  return renderWithProviders(<AddressPage policyId="POL-1" />, {
    authState: { authenticated: true, profileId: 'P-1001', username: 'Anna' },
  });
}

const lookups = () => requestsTo(fetchMock?.requests ?? [], '/pacos');

describe('AddressPage', () => {
  it('should look up street and city once the typing pauses, and keep them editable', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Postcode'), '1012ab');
    await user.type(screen.getByLabelText('House number'), '5');
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('Dam'));
    expect(screen.getByLabelText('City')).toHaveValue('Amsterdam');
    // One lookup for the whole postcode and number, not one per keystroke.
    expect(lookups()).toHaveLength(1);
    expect(new URL(lookups()[0]?.url ?? '').search).toBe('?pc=1012AB&nr=5');
    expect(screen.getByLabelText('House number')).toHaveAccessibleDescription(
      'Street and city are filled in. You can still change them.',
    );
    await user.clear(screen.getByLabelText('Street'));
    await user.type(screen.getByLabelText('Street'), 'Damrak');
    expect(screen.getByLabelText('Street')).toHaveValue('Damrak');
  });

  it('should say "Invalid house number." when the lookup does not know it, and save a typed address', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Postcode'), '1012AB');
    await user.type(screen.getByLabelText('House number'), '99');
    expect(await screen.findByText('Invalid house number.')).toBeInTheDocument();
    expect(screen.getByLabelText('House number')).toHaveAccessibleDescription('Invalid house number.');
    await user.type(screen.getByLabelText('Street'), 'Nieuwe straat');
    await user.type(screen.getByLabelText('City'), 'Amsterdam');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(
      await screen.findByText('Your new address is saved and your certificate is updated.'),
    ).toBeInTheDocument();
    expect(await requestsTo(fetchMock?.requests ?? [], SAVE)[0]?.json()).toEqual({
      id: 'POL-1',
      postalCode: '1012AB',
      houseNumber: '99',
      street: 'Nieuwe straat',
      city: 'Amsterdam',
      country: 'NL',
    });
  });

  it('should take away the street and city of the last lookup when the next one finds nothing, under House number', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Postcode'), '1012AB');
    await user.type(screen.getByLabelText('House number'), '5');
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('Dam'));
    await user.type(screen.getByLabelText('House number'), '9');
    const message = await screen.findByText('Invalid house number.');
    expect(screen.getByLabelText('Street')).toHaveValue('');
    expect(screen.getByLabelText('City')).toHaveValue('');
    // Right under the house number, before the addition's field.
    const addition = screen.getByLabelText('Addition');
    expect(message.compareDocumentPosition(screen.getByLabelText('House number'))).toBe(
      Node.DOCUMENT_POSITION_PRECEDING,
    );
    expect(message.compareDocumentPosition(addition)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    // What she typed herself stays when a lookup finds nothing.
    await user.type(screen.getByLabelText('Street'), 'Nieuwe straat');
    await user.clear(screen.getByLabelText('House number'));
    await user.type(screen.getByLabelText('House number'), '77');
    await waitFor(() => expect(lookups()).toHaveLength(3));
    expect(screen.getByLabelText('Street')).toHaveValue('Nieuwe straat');
  });

  it('should look nothing up for another country', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Belgium' });
    await user.selectOptions(screen.getByLabelText('Country'), 'Belgium');
    await user.type(screen.getByLabelText('Postcode'), '1012AB');
    await user.type(screen.getByLabelText('House number'), '5');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(lookups()).toHaveLength(0);
  });

  it('should put the change under review when a move reason is given', async () => {
    serve(() => jsonResponse({ underReview: true }));
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Postcode'), '1012AB');
    await user.type(screen.getByLabelText('House number'), '5');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Amsterdam'));
    await user.type(screen.getByLabelText(/Reason for moving/), 'Closer to my university');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    const status = await screen.findByText(/Your address change is under review/);
    expect(status).toHaveTextContent('4 business days');
    expect(await requestsTo(fetchMock?.requests ?? [], SAVE)[0]?.json()).toMatchObject({
      moveReason: 'Closer to my university',
    });
  });

  it('should apply a change without a move reason at once and offer the updated certificate', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Postcode'), '1012AB');
    await user.type(screen.getByLabelText('House number'), '5');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Amsterdam'));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(
      await screen.findByText('Your new address is saved and your certificate is updated.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the updated certificate' })).toBeInTheDocument();
  });

  it('should require a numeric house number and keep to the maximum lengths', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('House number'), '12a');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByLabelText('House number')).toHaveAccessibleDescription(
      expect.stringContaining('Enter numbers only.'),
    );
    expect(screen.getByLabelText('Postcode')).toHaveFocus();
    expect(requestsTo(fetchMock?.requests ?? [], SAVE)).toHaveLength(0);
  });

  it('should say the limit of the reason for moving, keep a pasted text whole and refuse it over the limit', async () => {
    serve();
    renderPage();
    const user = userEvent.setup();
    const reason = await screen.findByLabelText(/Reason for moving/);
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('0 of 500 characters'));
    expect(reason).not.toHaveAttribute('maxlength');
    await user.click(reason);
    await user.paste('x'.repeat(5000));
    // Nothing is cut without a word: the whole text stays, and the counter says by how much it is over.
    expect(reason).toHaveValue('x'.repeat(5000));
    expect(screen.getByText('5000 of 500 characters: 4500 too many')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Enter at most 500 characters.'));
    // A one-line field shows its counter as the text nears its limit.
    await user.type(screen.getByLabelText('Street'), 's'.repeat(49));
    expect(screen.getByLabelText('Street')).toHaveAccessibleDescription(
      expect.stringContaining('49 of 60 characters'),
    );
    expect(requestsTo(fetchMock?.requests ?? [], SAVE)).toHaveLength(0);
  });

  it('should say "We did not find any changes" and send nothing when the address is the current one', async () => {
    serve(undefined, rawPolicy({ status: 'ACTIVE', destinationAddress: DAM_5 }));
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Postcode'), '1012ab');
    await user.type(screen.getByLabelText('House number'), '5');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Amsterdam'));
    await user.type(screen.getByLabelText(/Reason for moving/), 'Nothing moved');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No changes found: We did not find any changes.',
    );
    expect(requestsTo(fetchMock?.requests ?? [], SAVE)).toHaveLength(0);

    // Another house number is a change, and is sent.
    await user.clear(screen.getByLabelText('House number'));
    await user.type(screen.getByLabelText('House number'), '6');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(requestsTo(fetchMock?.requests ?? [], SAVE)).toHaveLength(1));
  });

  it('should say "We did not find any changes" when the api finds none', async () => {
    serve(() => jsonResponse({ code: 'NO_CHANGES', message: 'No changes found.' }, 409));
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Postcode'), '1012AB');
    await user.type(screen.getByLabelText('House number'), '5');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Amsterdam'));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We did not find any changes');
  });

  it('should show the fields the api rejected beside them', async () => {
    serve(() =>
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'No',
          fields: [{ field: 'street', code: 'validation.maxLength' }],
        },
        400,
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Postcode'), '1012AB');
    await user.type(screen.getByLabelText('House number'), '5');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Amsterdam'));
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveAttribute('aria-invalid', 'true'));
  });
});
