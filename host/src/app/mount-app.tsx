import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@portal/shared/router';
import { BASENAME } from '@portal/shared';
import { AppRoutes } from './app-routes';
import type { AppRoutesProps } from './app-routes';

/**
 * Renders the app into the page's `#root`, in place of the skeleton or the prerendered frame there.
 * A module of its own, loaded by the start-up once its data is there: React DOM and the app's
 * components are then evaluated in a task of their own rather than with the start-up's first one.
 * There is no urql Provider here: a page that shows content has its own, around the content client
 * (`@portal/shared/content`), so that urql loads with such a page and not with every one.
 */
export function mountApp(container: HTMLElement, props: AppRoutesProps): void {
  const root = createRoot(container);
  // A transition lets React render the first page in slices and yield between them, so a phone's
  // main thread stays free for input (Total Blocking Time) while the skeleton is on screen.
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter basename={BASENAME}>
          <AppRoutes {...props} />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
