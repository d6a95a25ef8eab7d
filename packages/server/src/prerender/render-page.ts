// Renders one page of a remote to HTML as the browser first renders it, for a given viewer: the
// build's prerender (./prerender-pages.ts, a frame per page and language without data) and a
// remote's server (./frame-renderer.ts, a student's own frame with her data) share it.
import { text } from 'node:stream/consumers';
import { createElement } from 'react';
import type { ExposedPages } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { prerenderToNodeStream } from 'react-dom/static';
import { useAuthStore } from '@portal/shared';
import { i18n } from '@portal/shared';
import { I18nextProvider } from '@portal/shared/react-i18next';
import { BASENAME } from '@portal/shared';
import { MemoryRouter } from '@portal/shared/router';
import { frameForEarlyInput } from './frame-html';

/** Who the page is rendered for: only the presence of a session and the profile id show. */
export type Viewer = { authenticated: boolean; username: null; profileId: string | null };

/** A stand-in for the logged-in student of a guarded page; only its presence shows in the frame. */
export const SOMEONE: Viewer = { authenticated: true, username: null, profileId: 'prerender' };
export const NOBODY: Viewer = { authenticated: false, username: null, profileId: null };

/**
 * The page's HTML in i18next's current language, fit for early input (./frame-html.ts). The page's
 * code must be loaded (its `preload()`): the render waits for whatever suspends, so a page still
 * loading would render its fallback. Not re-entrant: the viewer is the auth store's initial state,
 * which is what a component reads when rendered on a server (zustand's getServerSnapshot), so two
 * renders must not overlap (./frame-renderer.ts queues them).
 */
export async function renderPage(
  Page: ExposedPages[string],
  viewer: Viewer,
  /** The page's props (its route's parameters), and the path after the language it is rendered at. */
  props: PageProps = {},
  pathname = '',
): Promise<string> {
  Object.assign(useAuthStore.getInitialState(), viewer);
  // createElement rather than JSX: this file runs in whichever app's folder, under its tsconfig.
  const { prelude } = await prerenderToNodeStream(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        MemoryRouter,
        { basename: BASENAME, initialEntries: [`${BASENAME}${pathname}`] },
        createElement(Page, props),
      ),
    ),
  );
  return frameForEarlyInput(await text(prelude));
}
