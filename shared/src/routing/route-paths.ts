// Every path of the portal, written once. The remotes' route tables (`src/exposed/routes.ts`) take
// their paths from here, and so do the links between pages (`paths`) and the host's list of what
// docs/requirements.md §2 requires. Data only, with no imports: the build reads it in Node.

/** The pages with a fixed path of their own, by route name (react-router patterns under `/en`). */
export const ROUTE_PATHS = {
  login: '/login',
  resetpassword: '/resetpassword',
  activate: '/activate/:id/:username',
  setpassword: '/setpassword/:id/:username',
  'confirm-email': '/confirm-email/:id/:username',
  'service-contact': '/service-contact',
  'service-contact/file-a-claim': '/service-contact/file-a-claim',
  'confirm-claim': '/confirm-claim/:id',
  'service-contact/faq': '/service-contact/faq',
  'service-contact/faq-category': '/service-contact/faq/:qaCategoryId/',
  'service-contact/faq-answer': '/service-contact/faq/:qaCategoryId/:qaId',
  'service-contact/contact': '/service-contact/contact',
  'service-contact/emergency': '/service-contact/emergency',
  request: '/request',
  verify: '/verify',
  accessibility: '/accessibility',
  'demo-pages-test': '/demo-pages/test',
} as const;

/** The name of a page with a fixed path. */
export type FixedRouteName = keyof typeof ROUTE_PATHS;

/**
 * The content pages that the navigation and the links name, at their usual path in the content tree.
 * The tree decides a content page's path; these are what the portal links to.
 */
export const CONTENT_PAGE_PATHS = {
  home: '/home',
  insurances: '/insurances',
  invoices: '/invoices',
  profile: '/profile',
  claims: '/claims',
  privacy: '/privacy',
} as const;

/** The pages beneath another page, by route name: paths relative to that page's path. */
export const SUB_ROUTE_PATHS = {
  'insurances/renew': ':policyId/renew',
  'insurances/terminate': ':policyId/terminate',
  'insurances/start-date': ':policyId/start-date',
  'insurances/address': ':policyId/address',
  'invoices/pay': ':invoiceNumber/pay',
  'invoices/payment-settings': 'payment-settings/:policyId',
  'claims/claim': ':claimNumber',
  'verify/code': ':code',
} as const;

/** The name of a page beneath another page. */
export type SubRouteName = keyof typeof SUB_ROUTE_PATHS;

/**
 * A pattern with its parameters filled in, each one URL-encoded:
 * `fillPath('/faq/:qaCategoryId/', { qaCategoryId: 'a b' })` is `/faq/a%20b/`. A parameter that the
 * pattern names but `params` lacks is a programming error, and throws.
 */
export function fillPath(pattern: string, params: Readonly<Record<string, string>> = {}): string {
  return pattern.replace(/:([A-Za-z]\w*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: "${pattern}" needs the parameter "${name}".`);
    return encodeURIComponent(value);
  });
}

/** The full pattern of a page beneath a content page: `/invoices` + `:invoiceNumber/pay`. */
export const subRoutePattern = (name: SubRouteName): string => {
  const [parent] = name.split('/') as [keyof typeof CONTENT_PAGE_PATHS | 'verify'];
  const base = parent === 'verify' ? ROUTE_PATHS.verify : CONTENT_PAGE_PATHS[parent];
  return `${base}/${SUB_ROUTE_PATHS[name]}`;
};
