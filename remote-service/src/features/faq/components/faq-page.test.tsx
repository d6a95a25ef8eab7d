/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@portal/shared';
import { createContentClient } from '@portal/shared/content';
import { jsonResponse, mockFetch, renderWithProviders } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { FaqOverview, FaqPage } from './faq-page';

registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

const CATEGORIES = [
  {
    id: 'coverage',
    title: 'Coverage',
    questions: [
      { id: 'q1', question: 'Am I covered abroad?', answerHtml: '<p>Yes.</p>' },
      { id: 'q2', question: 'Is dental care covered?', answerHtml: '<p>Partly.</p>' },
    ],
  },
  { id: 'payments', title: 'Payments', questions: [{ id: 'q3', question: 'How do I pay?', answerHtml: '' }] },
];

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

describe('FaqPage', () => {
  it('should link every category to its FAQ page in the reader language', async () => {
    fetchMock = mockFetch(() => jsonResponse({ data: { faqCategories: CATEGORIES } }));
    renderWithProviders(<FaqPage />);
    expect(await screen.findByRole('link', { name: 'Coverage' })).toHaveAttribute(
      'href',
      '/service-contact/faq/coverage/',
    );
    expect(screen.getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/service-contact/faq/payments/',
    );
    expect(screen.getByText('(2 questions)')).toBeInTheDocument();
    expect(screen.getByText('(1 question)')).toBeInTheDocument();
    const body = (await fetchMock.requests[0]?.json()) as { operationName: string; variables: unknown };
    expect(body).toMatchObject({ operationName: 'faqCategories', variables: { lang: 'en' } });
  });

  it('should say when the questions cannot be loaded and try again', async () => {
    let calls = 0;
    fetchMock = mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ message: 'down' }, 503)
        : jsonResponse({ data: { faqCategories: CATEGORIES } });
    });
    renderWithProviders(<FaqOverview />, { client: createContentClient() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The questions could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Coverage' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
