/** The router basename: the app is served under `/en/` (docs/requirements.md §1). */
export const BASENAME = '/en';

const segment = (value: string): string => encodeURIComponent(value);

/**
 * Route paths of the fixed routes and the main content pages (docs/requirements.md §2), relative to
 * {@link BASENAME}: `navigate(paths.faqCategory('coverage'))`.
 */
export const paths = {
  login: () => '/login',
  home: () => '/home',
  insurances: () => '/insurances',
  policyStartDate: (policyId: string) => `/insurances/${segment(policyId)}/start-date`,
  policyAddress: (policyId: string) => `/insurances/${segment(policyId)}/address`,
  invoices: () => '/invoices',
  payInvoice: (invoiceNumber: string) => `/invoices/${segment(invoiceNumber)}/pay`,
  paymentSettings: (policyId: string) => `/invoices/payment-settings/${segment(policyId)}`,
  profile: () => '/profile',
  claims: () => '/claims',
  claim: (claimNumber: string) => `/claims/${segment(claimNumber)}`,
  privacy: () => '/privacy',
  accessibility: () => '/accessibility',
  serviceContact: () => '/service-contact',
  fileClaim: () => '/service-contact/file-a-claim',
  faq: () => '/service-contact/faq',
  faqCategory: (qaCategoryId: string) => `/service-contact/faq/${segment(qaCategoryId)}/`,
  faqAnswer: (qaCategoryId: string, qaId: string) =>
    `/service-contact/faq/${segment(qaCategoryId)}/${segment(qaId)}`,
  contact: () => '/service-contact/contact',
  emergency: () => '/service-contact/emergency',
  request: () => '/request',
  policyRenew: (policyId: string) => `/insurances/${segment(policyId)}/renew`,
  policyTerminate: (policyId: string) => `/insurances/${segment(policyId)}/terminate`,
  resetPassword: () => '/resetpassword',
  activate: (id: string, username: string) => `/activate/${segment(id)}/${segment(username)}`,
  setPassword: (id: string, username: string) => `/setpassword/${segment(id)}/${segment(username)}`,
  demoTest: () => '/demo-pages/test',
} as const;

/** react-router patterns of the fixed routes with parameters; the names match {@link PageProps}. */
export const ROUTE_PATTERNS = {
  faqCategory: '/service-contact/faq/:qaCategoryId/',
  faqAnswer: '/service-contact/faq/:qaCategoryId/:qaId',
  activate: '/activate/:id/:username',
  setPassword: '/setpassword/:id/:username',
} as const;
