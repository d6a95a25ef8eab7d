import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, useRoutes } from '@portal/shared/router';
import type { Location, NavigateFunction, RouteObject } from '@portal/shared/router';

/** What {@link renderRoutes} hands back: where the router is, and a way to move it. */
export type RenderedRoutes = {
  /** The router's current location. */
  readonly location: Location;
  /** Navigates as a link or `useNavigate` would. */
  navigate: (to: string) => Promise<void>;
};

/** Renders a route tree in a memory router at `url`, as the host renders its tree in the browser. */
export function renderRoutes(routes: RouteObject[], url: string): RenderedRoutes {
  let location: Location | undefined;
  let navigateTo: NavigateFunction | undefined;

  function Probe() {
    location = useLocation();
    navigateTo = useNavigate();
    return null;
  }

  function Tree() {
    return (
      <>
        {useRoutes(routes)}
        <Probe />
      </>
    );
  }

  render(
    <MemoryRouter initialEntries={[url]}>
      <Tree />
    </MemoryRouter>,
  );
  return {
    get location() {
      if (!location) throw new Error('The router has not rendered.');
      return location;
    },
    navigate: async (to) => {
      if (!navigateTo) throw new Error('The router has not rendered.');
      await navigateTo(to);
    },
  };
}
