// What the host server puts in the page for the start-up (host/server/start-data.ts), shared by the
// server that writes it and the page that reads it. No React or browser module here.
import type { RemoteName, RuntimeConfig } from './runtime-config-shape';

/** The id of the page's JSON data block. */
export const START_DATA_ELEMENT_ID = 'portal-start';

/**
 * The start data of a page: the runtime config, the route table of each remote the server could read
 * (as the remote publishes it), and the content page tree when the server could read it.
 */
export type StartData = {
  runtime: RuntimeConfig;
  routeTables: Partial<Record<RemoteName, unknown>>;
  pageTree?: { root: string; lang: string; pages: unknown };
  /**
   * The request carried a session cookie (HttpOnly, so only the server sees it). The page then mounts
   * after the session check: the header and navigation of a logged-in student differ from a
   * visitor's, and would otherwise change under the student's eyes (layout shift).
   */
  session?: boolean;
  /**
   * The page the URL opens, as the server found it in the route tables (the login page for a guarded
   * URL without a session cookie): the browser fetches its code beside its own start-up.
   */
  page?: { remote: RemoteName; page: string };
  /**
   * The page's first api reads (its route's `preloadApi`) for the student, by api path, when the
   * server rendered her own frame with them (host/server/student-frame.ts): the page's first render
   * takes them, so it shows what the frame shows, without asking again.
   */
  answers?: Record<string, unknown>;
  /**
   * The answers of a content page's content queries, when the server rendered its frame with them
   * (host/server/content-frame.ts): the content client keeps them for the page's first render.
   */
  content?: Array<{ query: string; lang: string; data: unknown }>;
  /** The page request said `Save-Data: on`: nothing is fetched ahead of need. */
  saveData?: boolean;
};

/**
 * The prerendered shell (`dist/prerendered-shell.json`, written by configs/prerender-shell.ts): the
 * layout's HTML by locale, by who is looking, and by the navigation entry that is current (`''` for
 * none). Where the page goes, it holds {@link PRERENDERED_PAGE_SLOT}.
 */
export type PrerenderedShell = Record<string, Record<'guest' | 'member', Record<string, string>>>;

/** Where a page's own prerendered HTML goes in the shell's HTML. */
export const PRERENDERED_PAGE_SLOT = '<template id="prerendered-page"></template>';
