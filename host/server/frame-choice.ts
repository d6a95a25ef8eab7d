// The first frame a page is sent with: the student's own (with her data), else a content page's frame
// with its content, else the remote's prerendered frame for a student or a visitor in the page's
// language, put into the layout's shell.
import type { Locale } from '@portal/shared/locales';
import { frameTakesInputSafely, memberFrameKey } from '@portal/server/prerender-frame';
import type { Prerendered } from './page-template';
import type { PrerenderedPages } from './remote-documents';
import { PRERENDERED_PAGE_SLOT } from '../src/app/start-data-shape';

type FrameChoice = {
  /** The student's own frame (./student-frame.ts), when one was rendered. */
  own: string | undefined;
  /** A content page's frame with its content (./content-frame.ts), the same for every visitor. */
  withContent?: string | undefined;
  /** The remote's prerendered frames of the route, by frame key. */
  frames: PrerenderedPages[string];
  locale: Locale;
  loggedIn: boolean;
  /** The layout's shell with its page slot, for this locale and visitor or student. */
  layout: string | undefined;
};

/** The prerendered page, or undefined when there is no frame or no shell to put it in. */
export function chooseFrame({
  own,
  withContent,
  frames,
  locale,
  loggedIn,
  layout,
}: FrameChoice): Prerendered | undefined {
  // A public page a student sees otherwise has a frame of its own for a student.
  const frame =
    own ?? withContent ?? (loggedIn ? frames?.[memberFrameKey(locale)] : undefined) ?? frames?.[locale];
  if (typeof frame !== 'string' || !layout) return undefined;
  return {
    locale,
    html: layout.replace(PRERENDERED_PAGE_SLOT, () => frame),
    // A remote's frame from before frames took input (an older release) stays inert whole.
    ...(frameTakesInputSafely(frame) ? {} : { inert: true }),
    ...(own !== undefined ? { personal: true } : {}),
  };
}
