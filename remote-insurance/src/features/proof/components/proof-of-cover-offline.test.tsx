/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace } from '@portal/shared';
import { mapPolicy } from '@portal/contract/domain';

import en from '../../../locales/en.json';
import { rawPolicy } from '../../../test-support/policies';
import { ProofOfCover } from './proof-of-cover';

// The dialog's chunk, as the browser fetches it: it fails while `mockOffline.now` is true.
const mockOffline = { now: true };
jest.mock('./proof-dialog', () => {
  if (mockOffline.now) throw new Error('Loading chunk proof-dialog failed.');
  return jest.requireActual('./proof-dialog');
});

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

const policy = rawPolicy({ insuranceType: 'TRAVEL', status: 'ACTIVE' });

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
