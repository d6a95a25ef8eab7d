import { lazy, Suspense, useEffect, useRef } from 'react';
import { useConsentBannerOpen } from './use-consent';

// The banner is fetched only when it shows (first visit, "Cookie settings"): a returning student's
// first load carries none of it.
const ConsentBanner = lazy(() =>
  import(/* webpackChunkName: "on-demand-consent-banner" */ './consent-banner').then(async (module) => {
    await module.consentTextsReady;
    return { default: module.ConsentBanner };
  }),
);

/** Shows the consent banner while the student has not chosen, or after "Cookie settings". */
export function ConsentGate() {
  const open = useConsentBannerOpen();
  // Open at the first render: the first visit. Opened later: reopened from "Cookie settings".
  const openedAtStart = useRef(open);
  useEffect(() => {
    if (!open) openedAtStart.current = false;
  }, [open]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner reopened={!openedAtStart.current} />
    </Suspense>
  );
}
