// Google's Consent Mode v2, which the tag manager reads from the data layer: kept with the consent
// feature, whose start-up chunk check-budgets weighs on its own.

/** Google's Consent Mode v2 signals, every one denied until the student accepts analytics. */
export const CONSENT_DENIED = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
} as const;

/**
 * The tag manager recognises a gtag command only as an `arguments` object in the data layer (an
 * array is taken for data), hence this old-style function.
 */
function argumentsOf(..._command: unknown[]): IArguments {
  // eslint-disable-next-line prefer-rest-params -- the tag manager reads `arguments` objects only
  return arguments;
}

/** Sends a gtag command (`gtag('consent', ...)`) to the data layer. */
export function gtag(win: Window, ...command: unknown[]): void {
  win.dataLayer = win.dataLayer ?? [];
  win.dataLayer.push(argumentsOf(...command));
}

/** Tells a running tag manager the student's changed analytics choice (Consent Mode `update`). */
export function updateAnalyticsConsent(granted: boolean, win: Window = window): void {
  gtag(win, 'consent', 'update', { analytics_storage: granted ? 'granted' : 'denied' });
}
