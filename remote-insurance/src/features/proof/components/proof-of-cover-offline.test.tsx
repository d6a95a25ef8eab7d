/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace } from '@portal/shared';
import { mapPolicy } from '@portal/shared/domain';
import type { RawPolicy } from '@portal/shared/wire';

import en from '../../../locales/en.json';
import { ProofOfCover } from './proof-of-cover';

// The dialog's chunk, as the browser fetches it: it fails while `mockOffline.now` is true.
const mockOffline = { now: true };
jest.mock('./proof-dialog', () => {
  if (mockOffline.now) throw new Error('Loading chunk proof-dialog failed.');
  return jest.requireActual('./proof-dialog');
});

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

const policy: RawPolicy = {
  policyId: 'POL-1',
  policyNumber: 'TR-1',
  insuranceType: 'TRAVEL',
  coverage: 'Travel Plus',
  destination: 'NL',
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  birthDate: '2003-04-12',
  cancelledFromStart: 'false',
  status: 'ACTIVE',
  editable: 'true',
  renewable: 'true',
  individual: 'true',
  customerType: 'INDIVIDUAL',
  totalAmount: 240,
  paymentTerm: 'MONTHLY',
  paymentMethod: 'DIRECT_DEBIT',
  documents: [],
};

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

describe('ProofOfCover without its dialog code', () => {
  it('should say so on the card, and fetch the dialog again on the next press', async () => {
    render(
      <MemoryRouter>
        <ProofOfCover policy={mapPolicy(policy)} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Proof of cover' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The proof of cover could not be opened.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    mockOffline.now = false;
    await user.click(screen.getByRole('button', { name: 'Proof of cover' }));
    expect(await screen.findByRole('dialog', { name: 'Proof of cover: Travel' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
