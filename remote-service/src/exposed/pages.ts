import { lazy } from 'react';
import type { ComponentType } from 'react';
import { registerNamespace } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import en from '../locales/en.json';
import nl from '../locales/nl.json';

registerNamespace('service', { en, nl });

const faqCategoryPage = lazy(() =>
  import('../features/faq/components/faq-category-page').then((m) => ({ default: m.FaqCategoryPage })),
);

/** The pages the host can place on a route; keys are fixed by the host's route table. */
export const pages: Record<string, ComponentType<PageProps>> = {
  serviceContact: lazy(() =>
    import('../features/service-contact/components/service-contact-page').then((m) => ({
      default: m.ServiceContactPage,
    })),
  ),
  faq: lazy(() => import('../features/faq/components/faq-page').then((m) => ({ default: m.FaqPage }))),
  // One page serves both: with `qaId` (the faqAnswer route) that answer is open.
  faqCategory: faqCategoryPage,
  faqAnswer: faqCategoryPage,
  contact: lazy(() =>
    import('../features/contact/components/contact-page').then((m) => ({ default: m.ContactPage })),
  ),
  emergency: lazy(() =>
    import('../features/emergency/components/emergency-page').then((m) => ({ default: m.EmergencyPage })),
  ),
};
