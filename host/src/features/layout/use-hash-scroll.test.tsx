import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from '@portal/shared/router';
import type { NavigateFunction } from '@portal/shared/router';
import { useHashScroll } from './use-hash-scroll';

let navigate: NavigateFunction = () => undefined;

function Page() {
  useHashScroll();
  navigate = useNavigate();
  return <h2 id="claims">Claims</h2>;
}

describe('useHashScroll', () => {
  const scrollTo = jest.fn();
  const scrollIntoView = jest.fn();

  beforeEach(() => {
    scrollTo.mockClear();
    scrollIntoView.mockClear();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
  });

  it('should leave the page the portal opens on where the browser put it, then scroll to the top on each navigation', () => {
    render(
      <MemoryRouter initialEntries={['/insurances']}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => {
      void navigate('/invoices');
    });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('should scroll to the anchor of a hash, also on the first page', () => {
    render(
      <MemoryRouter initialEntries={['/service-contact#claims']}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
