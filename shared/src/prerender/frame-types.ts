// What a student's own frame is asked with and answers, shared by the renderer (./frame-renderer.ts)
// and the route that serves it (../server/frame-route.ts), so that neither imports the other.
import type { Locale } from '../i18n/locales';

/** What the host server sends: which page, in which language, for whom, with which answers. */
export type FrameRequest = {
  route: string;
  locale: Locale;
  profileId: string;
  /** The route's `preloadApi` reads for this student (`studentApiPath`), each with the api's body. */
  answers: Record<string, unknown>;
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
  /** The routes it renders: those that declare `preloadApi`, by route name. */
  routes: ReadonlyMap<string, { page: string; preloadApi: readonly string[] }>;
  /**
   * The frame's HTML; a {@link FrameRequestError} for a request the route does not fit, a
   * {@link FrameTooLateError} when its turn comes after `deadline`.
   */
  render(request: FrameRequest, options?: FrameRenderOptions): Promise<string>;
  /** How many renders wait for their turn (the server refuses more than a few). */
  waiting(): number;
};
