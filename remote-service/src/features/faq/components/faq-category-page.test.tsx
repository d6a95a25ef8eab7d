/** @jest-environment jest-fixed-jsdom */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from '@portal/shared/router';
import { registerNamespace, ROUTE_PATHS } from '@portal/shared';
import { jsonResponse, mockFetch, renderWithProviders } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { FaqCategoryPage } from './faq-category-page';

registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

const CATEGORIES = [
  {
    id: 'coverage',
    title: 'Coverage',
    questions: [
      { id: 'abroad', question: 'Am I covered abroad?', answerHtml: '<p>Yes, worldwide.</p>' },
      {
        id: 'dental',
        question: 'Is dental care covered?',
        answerHtml: '<p>Up to EUR 500.</p><img src="x" onerror="window.hacked = true">',
      },
    ],
  },
];

let fetchMock: FetchMock | undefined;
const scrollIntoView = jest.fn();

beforeEach(() => {
  fetchMock = mockFetch(() => jsonResponse({ data: { faqCategories: CATEGORIES } }));
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => fetchMock?.restore());

// The host passes the route parameters as props; these routes do the same.
function RoutedPage() {
  const { qaCategoryId, qaId } = useParams();
  return <FaqCategoryPage qaCategoryId={qaCategoryId} qaId={qaId} />;
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path={ROUTE_PATHS['service-contact/faq-category']} element={<RoutedPage />} />
      <Route path={ROUTE_PATHS['service-contact/faq-answer']} element={<RoutedPage />} />
      <Route path="/service-contact/faq" element={<p>FAQ overview</p>} />
    </Routes>,
    { route },
  );
}

describe('FaqCategoryPage', () => {
  it('should list the questions closed, each linking to its answer', async () => {
    renderAt('/service-contact/faq/coverage/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coverage' })).toBeInTheDocument();
    const question = screen.getByRole('link', { name: 'Is dental care covered?' });
    expect(question).toHaveAttribute('href', '/service-contact/faq/coverage/dental');
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Up to EUR 500.')).not.toBeInTheDocument();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('should open, focus and scroll to the answer of qaId', async () => {
    renderAt('/service-contact/faq/coverage/dental');
    const answer = await screen.findByRole('region', { name: 'Is dental care covered?' });
    // The answer is sanitised HTML, filled in once the sanitiser has loaded.
    await waitFor(() => expect(answer).toHaveTextContent('Up to EUR 500.'));
    expect(answer).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Is dental care covered?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Am I covered abroad?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(document.querySelector('img')).not.toHaveAttribute('onerror');
  });

  it('should open an answer from the keyboard and close it again', async () => {
    const user = userEvent.setup();
    renderAt('/service-contact/faq/coverage/');
    (await screen.findByRole('link', { name: 'Am I covered abroad?' })).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'Am I covered abroad?' })).toHaveTextContent(
      'Yes, worldwide.',
    );
    await user.click(screen.getByRole('link', { name: 'Am I covered abroad?' }));
    expect(screen.queryByRole('region', { name: 'Am I covered abroad?' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Am I covered abroad?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('should say an unknown category is not found and link back to the FAQ', async () => {
    const user = userEvent.setup();
    renderAt('/service-contact/faq/nope/');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this FAQ subject.');
    await user.click(screen.getByRole('link', { name: 'Back to all FAQ subjects' }));
    expect(screen.getByText('FAQ overview')).toBeInTheDocument();
  });

  it('should say an unknown question is not found and still list the others', async () => {
    renderAt('/service-contact/faq/coverage/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this question.');
    expect(screen.getByRole('link', { name: 'Am I covered abroad?' })).toBeInTheDocument();
  });
});
