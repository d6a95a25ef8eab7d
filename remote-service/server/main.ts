// First: a page's style sheets are the browser build's business, so here they are empty modules.
import '@portal/server/prerender-setup';
import path from 'node:path';
import { createFrameRenderer } from '@portal/server/frame-renderer';
import { registerFrameRoute } from '@portal/server/frame-route';
import { serveRemote } from '@portal/server';
import { EmergencyQuery } from '../src/features/emergency/api/emergency-query';
import { FaqCategoriesQuery } from '../src/features/faq/api/use-faq-categories';
import { pages } from '../src/exposed/pages';
import { routes } from '../src/exposed/routes';

// The FAQ and Emergency show content: their frames come with it, fetched by the host from the content
// endpoint, so a visitor on a phone reads them before any script has arrived.
serveRemote({
  appDir: path.join(__dirname, '..'),
  name: 'service',
  frames: (app) =>
    registerFrameRoute(
      app,
      createFrameRenderer({
        pages,
        // A claim's page declares its read too, but renders one claim (a route parameter), which a
        // frame is not given: it keeps the build's frame. The claim form's first screen waits for her
        // saved draft in the browser's storage, which no server has: it keeps the build's frame too.
        routes: {
          ...routes,
          routes: routes.routes.map((route) =>
            route.name === 'service-contact/file-a-claim'
              ? { ...route, preloadApi: [] }
              : 'children' in route
                ? { ...route, children: [] }
                : route,
          ),
        },
        content: {
          'service-contact/faq': [FaqCategoriesQuery],
          'service-contact/faq-category': [FaqCategoriesQuery],
          'service-contact/faq-answer': [FaqCategoriesQuery],
          'service-contact/emergency': [EmergencyQuery],
        },
      }),
    ),
});
