import { ROUTE_PATHS, SUB_ROUTE_PATHS } from '@portal/shared/route-paths';
import type { RemoteRoutes } from '@portal/shared';
import type { pages } from './pages';

/** The pages this remote serves; the build publishes this table as `routes.json` for the host. */
export const routes = {
  namespace: 'service',
  routes: [
    {
      name: 'service-contact',
      path: ROUTE_PATHS['service-contact'],
      titleKey: 'routes.serviceContact',
      requiresAuth: false,
      page: 'serviceContact',
    },
    {
      name: 'service-contact/file-a-claim',
      path: ROUTE_PATHS['service-contact/file-a-claim'],
      titleKey: 'routes.fileClaim',
      // Public (docs/requirements.md §2): a visitor files with the policy number and date of birth.
      requiresAuth: false,
      page: 'fileClaim',
      // A student chooses from her policies: read with the page, not a round trip after its code.
      preloadApi: ['api/en/profiles/{profileId}/policies'],
    },
    {
      name: 'confirm-claim',
      path: ROUTE_PATHS['confirm-claim'],
      titleKey: 'routes.confirmClaim',
      // Public: the mailed link proves the policyholder's mailbox (a token page, never logged).
      requiresAuth: false,
      page: 'confirmClaim',
    },
    {
      name: 'service-contact/faq',
      path: ROUTE_PATHS['service-contact/faq'],
      titleKey: 'routes.faq',
      requiresAuth: false,
      page: 'faq',
    },
    {
      name: 'service-contact/faq-category',
      path: ROUTE_PATHS['service-contact/faq-category'],
      titleKey: 'routes.faq',
      requiresAuth: false,
      page: 'faqCategory',
    },
    {
      name: 'service-contact/faq-answer',
      path: ROUTE_PATHS['service-contact/faq-answer'],
      titleKey: 'routes.faq',
      requiresAuth: false,
      // The category page, with that answer open (`qaId`): one page, one chunk.
      page: 'faqCategory',
    },
    {
      name: 'service-contact/contact',
      path: ROUTE_PATHS['service-contact/contact'],
      titleKey: 'routes.contact',
      requiresAuth: false,
      page: 'contact',
    },
    {
      name: 'service-contact/emergency',
      path: ROUTE_PATHS['service-contact/emergency'],
      titleKey: 'routes.emergency',
      requiresAuth: false,
      page: 'emergency',
    },
    {
      name: 'accessibility',
      path: ROUTE_PATHS.accessibility,
      titleKey: 'routes.accessibility',
      requiresAuth: false,
      page: 'accessibility',
    },
    {
      name: 'claims',
      contentPage: 'claims',
      titleKey: 'routes.claims',
      requiresAuth: true,
      page: 'claims',
      preloadApi: ['api/en/profiles/{profileId}/claims'],
      children: [
        {
          name: 'claims/claim',
          path: SUB_ROUTE_PATHS['claims/claim'],
          titleKey: 'routes.claim',
          requiresAuth: true,
          // The claims page, with that claim's details and timeline (`claimNumber`).
          page: 'claims',
        },
      ],
    },
  ],
} satisfies RemoteRoutes<keyof typeof pages>;
