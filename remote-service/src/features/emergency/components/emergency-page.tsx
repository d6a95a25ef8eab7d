import { Provider } from '@portal/shared/urql';
import type { PageProps } from '@portal/shared';
import { contentClient } from '@portal/shared/content';
import { bringSanitizerWithPage } from '@portal/ui/sanitizer-with-page';

import { EmergencyDetails } from './emergency-details';

// Its steps are HTML, shown at the first render when the page came with them: the sanitiser comes
// with the page's code (and its preloads), not a round trip after it.
bringSanitizerWithPage();

export type EmergencyPageProps = PageProps;

/** Emergency details from the content endpoint; it brings its own client so it works in any host. */
export function EmergencyPage(_props: EmergencyPageProps) {
  return (
    <Provider value={contentClient}>
      <EmergencyDetails />
    </Provider>
  );
}
