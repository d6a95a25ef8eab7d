/**
 * Translation context of an {@link AlertMessage}. `html` names a translation key whose text
 * is rendered as sanitised HTML instead of the message code; any other entry is passed to the
 * translation as an interpolation value.
 */
export type AlertMessageContext = {
  html?: string;
  [key: string]: unknown;
};

/** One message of an alert: a translation key plus its optional context (docs/requirements.md §3). */
export type AlertMessage = {
  code: string;
  context?: AlertMessageContext;
};
