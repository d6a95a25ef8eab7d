import type { ComponentType } from 'react';

/**
 * Props the host passes to every page a remote exposes. `pageId` is the content page's id (for
 * content routes); the others come from the route's parameters (a route's parameter names are
 * these prop names) or from the props the remote's route fixes.
 */
export type PageProps = {
  pageId?: string;
  /** FAQ category of `/service-contact/faq/{qaCategoryId}/`. */
  qaCategoryId?: string;
  /** FAQ question of `/service-contact/faq/{qaCategoryId}/{qaId}`. */
  qaId?: string;
  /** The token of an activation, set-password or e-mail confirmation link. */
  id?: string;
  /** The e-mail address of an activation or set-password link; the new address of an e-mail confirmation link. */
  username?: string;
  /** Which of the two pages the account link opens. */
  mode?: 'activate' | 'setpassword';
  /** The policy of a page beneath a policy, e.g. `/insurances/{policyId}/renew`. */
  policyId?: string;
  /** The invoice of `/invoices/{invoiceNumber}/pay`. */
  invoiceNumber?: string;
  /** One claim of the claims page. */
  claimNumber?: string;
  /** The short code or QR token of a proof-of-cover letter, `/verify/{code}`. */
  code?: string;
};

/**
 * What every remote exposes as `./pages`: its pages by key, each taking {@link PageProps}. The
 * remote's own route table (`./routes`, see `RemoteRoutes`) says which key serves which route. A
 * page made with `lazyWithTexts` has `preload()`, which the host calls for the page a URL opens.
 */
export type ExposedPages = Record<string, ComponentType<PageProps> & { preload?: () => Promise<void> }>;
