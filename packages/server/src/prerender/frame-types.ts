// What a student's own frame is asked with and answers, shared by the renderer (./frame-renderer.ts)
// and the route that serves it (../server/frame-route.ts), so that neither imports the other.
import type { Locale } from '@portal/shared';

/**
 * What the host server sends: which page, in which language, for whom, with which answers. A page
 * with a student's reads (`preloadApi`) names her `profileId` and brings `answers`; a page that shows
 * content brings the answers of its content queries (`content`) and is rendered for a visitor, or
 * for some student when `member` (as the build's frames are).
 */
export type FrameRequest = {
  route: string;
  locale: Locale;
  profileId?: string | undefined;
  member?: boolean | undefined;
  /** The URL's path after the language (`/service-contact/faq/cover/which`): the page's parameters. */
  pathname?: string | undefined;
  /** The route's `preloadApi` reads for this student (`studentApiPath`), each with the api's body. */
  answers: Record<string, unknown>;
  /** The content endpoint's `data` for each of the route's content queries, by operation name. */
  content?: Record<string, unknown> | undefined;
};

/** What the renderer knows of a route it renders. */
export type FrameRoute = {
  page: string;
  /** The student's first reads (none for a content page). */
  preloadApi: readonly string[];
  /** The content queries the page makes as it opens, by operation name (urql's `stringifyDocument`). */
  content: Readonly<Record<string, string>>;
  /** The route's full path pattern, where its page takes parameters from the URL. */
  path?: string | undefined;
  /** Fixed props of the route (its page with them). */
  props?: Readonly<Record<string, string>> | undefined;
};

/** Why a frame was not rendered: a request the route does not fit (the caller's mistake). */
export class FrameRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameRequestError';
  }
}

/** Why a frame was not rendered: its turn came after its deadline, when nobody waits for it any more. */
export class FrameTooLateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameTooLateError';
  }
}

/** When a render must start by (a `Date.now()` time); past it the render is dropped. */
export type FrameRenderOptions = { deadline?: number };

/** Renders students' frames, one at a time (see {@link renderPage}). */
export type FrameRenderer = {
  /** Resolves when every page and language is loaded; a render waits for it. */
  ready: Promise<void>;
  /** The routes it renders, by route name: those that declare `preloadApi`, and the content pages. */
  routes: ReadonlyMap<string, FrameRoute>;
  /**
   * The frame's HTML; a {@link FrameRequestError} for a request the route does not fit, a
   * {@link FrameTooLateError} when its turn comes after `deadline`.
   */
  render(request: FrameRequest, options?: FrameRenderOptions): Promise<string>;
  /** How many renders wait for their turn (the server refuses more than a few). */
  waiting(): number;
};
