import type { RemoteRoutes } from '@portal/shared';
import type { pages } from './pages';

/** The pages this remote serves; the build publishes this table as `routes.json` for the host. */
export const routes = {
  namespace: 'service',
  routes: [
    {
      name: 'service-contact',
      path: '/service-contact',
      titleKey: 'routes.serviceContact',
      requiresAuth: false,
      page: 'serviceContact',
    },
    {
      name: 'service-contact/file-a-claim',
      path: '/service-contact/file-a-claim',
      titleKey: 'routes.fileClaim',
      // Public (docs/requirements.md §2): a visitor files with the policy number and date of birth.
      requiresAuth: false,
      page: 'fileClaim',
    },
    {
      name: 'service-contact/faq',
      path: '/service-contact/faq',
      titleKey: 'routes.faq',
      requiresAuth: false,
      page: 'faq',
    },
    {
      name: 'service-contact/faq-category',
      path: '/service-contact/faq/:qaCategoryId/',
      titleKey: 'routes.faq',
      requiresAuth: false,
      page: 'faqCategory',
    },
    {
      name: 'service-contact/faq-answer',
      path: '/service-contact/faq/:qaCategoryId/:qaId',
      titleKey: 'routes.faq',
      requiresAuth: false,
      page: 'faqAnswer',
    },
    {
      name: 'service-contact/contact',
      path: '/service-contact/contact',
      titleKey: 'routes.contact',
      requiresAuth: false,
      page: 'contact',
    },
    {
      name: 'service-contact/emergency',
      path: '/service-contact/emergency',
      titleKey: 'routes.emergency',
      requiresAuth: false,
      page: 'emergency',
    },
    {
      name: 'accessibility',
      path: '/accessibility',
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
      children: [
        {
          name: 'claims/claim',
          path: ':claimNumber',
          titleKey: 'routes.claim',
          requiresAuth: true,
          page: 'claim',
        },
      ],
    },
  ],
} satisfies RemoteRoutes<keyof typeof pages>;
