/** @jest-environment jest-fixed-jsdom */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';

import type { PageProps } from '@portal/shared';
import { mountStandalone, readableLabel } from './mount-standalone';

function ShowProps({ id, username }: PageProps) {
  return (
    <p>
      activate {id ?? '-'} {username ?? '-'}
    </p>
  );
}

const pages = {
  login: () => <h1>Login page</h1>,
  activate: ShowProps,
};

describe('mountStandalone', () => {
  let root: Root | null = null;

  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  // `container` as given to mountStandalone: `undefined` leaves it to find `#root`. Awaited: the
  // app renders once the texts of the language are there.
  async function mountAt(path: string, container?: Element | null) {
    window.history.replaceState(null, '', path);
    if (container) document.body.append(container);
    await act(async () => {
      root = mountStandalone({ pages, container });
    });
  }

  it('should link every page and send an unknown path to the first one', async () => {
    await mountAt('/nowhere', document.createElement('div'));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/login',
      '/activate',
    ]);
  });

  it('should pass the rest of the path as id and username', async () => {
    await mountAt('/activate/token-1/anna@example.com', document.createElement('div'));
    expect(await screen.findByText('activate token-1 anna@example.com')).toBeInTheDocument();
  });

  it('should navigate between pages with the links', async () => {
    const user = userEvent.setup();
    await mountAt('/login', document.createElement('div'));
    await user.click(await screen.findByRole('link', { name: 'Activate' }));
    expect(await screen.findByText('activate - -')).toBeInTheDocument();
  });

  it('should label the links with readable words', async () => {
    await mountAt('/login', document.createElement('div'));
    expect((await screen.findAllByRole('link')).map((link) => link.textContent)).toEqual([
      'Login',
      'Activate',
    ]);
    expect(readableLabel('resetPassword')).toBe('Reset password');
    expect(readableLabel('faqCategory')).toBe('Faq category');
  });

  it('should render into #root by default', async () => {
    const container = document.createElement('div');
    container.id = 'root';
    document.body.append(container);
    await mountAt('/login');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(container).toContainElement(screen.getByRole('navigation'));
  });

  it('should render nothing when there is no container', async () => {
    await mountAt('/login', null);
    expect(root).toBeNull();
    expect(document.body).toBeEmptyDOMElement();
  });
});
