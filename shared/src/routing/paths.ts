import { CONTENT_PAGE_PATHS, fillPath, ROUTE_PATHS, subRoutePattern } from './route-paths';

/** The router basename: the app is served under `/en/` (docs/requirements.md §1). */
export const BASENAME = '/en';

/**
 * Links to the fixed routes and the main content pages (docs/requirements.md §2), relative to
 * {@link BASENAME}: `navigate(paths.faqCategory('coverage'))`. Each is filled in from the one place
 * its pattern is written ({@link ROUTE_PATHS}, {@link CONTENT_PAGE_PATHS}, the sub-route paths).
 */
export const paths = {
  login: () => ROUTE_PATHS.login,
  home: () => CONTENT_PAGE_PATHS.home,
  insurances: () => CONTENT_PAGE_PATHS.insurances,
  policyStartDate: (policyId: string) => fillPath(subRoutePattern('insurances/start-date'), { policyId }),
  policyAddress: (policyId: string) => fillPath(subRoutePattern('insurances/address'), { policyId }),
  invoices: () => CONTENT_PAGE_PATHS.invoices,
  payInvoice: (invoiceNumber: string) => fillPath(subRoutePattern('invoices/pay'), { invoiceNumber }),
  paymentSettings: (policyId: string) => fillPath(subRoutePattern('invoices/payment-settings'), { policyId }),
  profile: () => CONTENT_PAGE_PATHS.profile,
  claims: () => CONTENT_PAGE_PATHS.claims,
  claim: (claimNumber: string) => fillPath(subRoutePattern('claims/claim'), { claimNumber }),
  privacy: () => CONTENT_PAGE_PATHS.privacy,
  accessibility: () => ROUTE_PATHS.accessibility,
  serviceContact: () => ROUTE_PATHS['service-contact'],
  fileClaim: () => ROUTE_PATHS['service-contact/file-a-claim'],
  faq: () => ROUTE_PATHS['service-contact/faq'],
  faqCategory: (qaCategoryId: string) =>
    fillPath(ROUTE_PATHS['service-contact/faq-category'], { qaCategoryId }),
  faqAnswer: (qaCategoryId: string, qaId: string) =>
    fillPath(ROUTE_PATHS['service-contact/faq-answer'], { qaCategoryId, qaId }),
  contact: () => ROUTE_PATHS['service-contact/contact'],
  emergency: () => ROUTE_PATHS['service-contact/emergency'],
  request: () => ROUTE_PATHS.request,
  policyRenew: (policyId: string) => fillPath(subRoutePattern('insurances/renew'), { policyId }),
  policyTerminate: (policyId: string) => fillPath(subRoutePattern('insurances/terminate'), { policyId }),
  resetPassword: () => ROUTE_PATHS.resetpassword,
  activate: (id: string, username: string) => fillPath(ROUTE_PATHS.activate, { id, username }),
  setPassword: (id: string, username: string) => fillPath(ROUTE_PATHS.setpassword, { id, username }),
  demoTest: () => ROUTE_PATHS['demo-pages-test'],
} as const;
