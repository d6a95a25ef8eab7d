// The api paths the pages read, written once: the route tables name the same reads (`preloadApi`)
// by their templates, and the pages fill them in. Relative to the page's origin, as `http` wants.

/** The templates, with `{name}` where a value goes (the form the route tables' `preloadApi` takes). */
export const API_PATHS = {
  profile: 'api/en/profiles/{profileId}',
  policies: 'api/en/profiles/{profileId}/policies',
  invoices: 'api/en/profiles/{profileId}/invoices',
  claims: 'api/en/profiles/{profileId}/claims',
  claim: 'api/en/claims/{claimNumber}',
  invoicePayment: 'api/en/invoices/{invoiceNumber}/payment',
  proofVerification: 'api/verify/{code}',
  countries: 'api/en/countries',
  mailPreferences: 'api/en/profiles/{profileId}/mail-preferences',
  sessions: 'api/sessions',
} as const;

/** A template of {@link API_PATHS} with its one value filled in, encoded for a path. */
function fill(template: string, value: string): string {
  return template.replace(/\{[^}]+\}/, () => encodeURIComponent(value));
}

/** `GET`: the student's personal details. */
export const profilePath = (profileId: string) => fill(API_PATHS.profile, profileId);
/** `GET`: the student's policies. */
export const policiesPath = (profileId: string) => fill(API_PATHS.policies, profileId);
/** `GET`: the student's invoices (204 when the institute pays them). */
export const invoicesPath = (profileId: string) => fill(API_PATHS.invoices, profileId);
/** `GET`: the student's claims. */
export const claimsPath = (profileId: string) => fill(API_PATHS.claims, profileId);
/** `GET`: one claim with its steps and receipts. */
export const claimPath = (claimNumber: string) => fill(API_PATHS.claim, claimNumber);
/** `POST`: starts the payment of an invoice. */
export const invoicePaymentPath = (invoiceNumber: string) => fill(API_PATHS.invoicePayment, invoiceNumber);
/** `GET` and `PUT`: which mails the student gets, and in which language. */
export const mailPreferencesPath = (profileId: string) => fill(API_PATHS.mailPreferences, profileId);
/** `GET`: the check of a proof-of-cover letter by its code. */
export const proofVerificationPath = (code: string) => fill(API_PATHS.proofVerification, code);
