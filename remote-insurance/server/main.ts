// First: a page's style sheets are the browser build's business, so here they are empty modules.
import '@portal/server/prerender-setup';
import path from 'node:path';
import { createFrameRenderer } from '@portal/server/frame-renderer';
import { registerFrameRoute } from '@portal/server/frame-route';
import { serveRemote } from '@portal/server';
import { pages } from '../src/exposed/pages';
import { routes } from '../src/exposed/routes';

// My Insurance declares the student's policies as its first read: its frame comes with her cards.
// The pages beneath a policy declare the same read, to have it started with a move, but render
// for one policy (a route parameter), which a frame is not given: they keep the build's frame.
const frameRoutes = {
  ...routes,
  routes: routes.routes.map((route) => ('children' in route ? { ...route, children: [] } : route)),
};

serveRemote({
  appDir: path.join(__dirname, '..'),
  name: 'insurance',
  frames: (app) => registerFrameRoute(app, createFrameRenderer({ pages, routes: frameRoutes })),
});
