import { Provider } from '@portal/shared/urql';
import type { PageProps } from '@portal/shared';
import { contentClient } from '@portal/shared/content';

import { EmergencyDetails } from './emergency-details';

export type EmergencyPageProps = PageProps;

/** Emergency details from the content endpoint; it brings its own client so it works in any host. */
export function EmergencyPage(_props: EmergencyPageProps) {
  return (
    <Provider value={contentClient}>
      <EmergencyDetails />
    </Provider>
  );
}
