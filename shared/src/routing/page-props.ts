import type { ComponentType } from 'react';

/**
 * Props the host passes to every page a remote exposes. `pageId` is the content page's id (for
 * content routes); the others come from the route parameters of the fixed routes.
 */
export type PageProps = {
  pageId?: string;
  /** FAQ category of `/service-contact/faq/{qaCategoryId}/`. */
  qaCategoryId?: string;
  /** FAQ question of `/service-contact/faq/{qaCategoryId}/{qaId}`. */
  qaId?: string;
  /** The token of an activation or set-password link. */
  id?: string;
  /** The e-mail address of an activation or set-password link. */
  username?: string;
  /** Which of the two pages the account link opens. */
  mode?: 'activate' | 'setpassword';
};

/**
 * What every remote exposes as `./pages`: its pages by key, each taking {@link PageProps}
 * (the host maps routes to these keys).
 */
export type ExposedPages = Record<string, ComponentType<PageProps>>;
