// First: a page's style sheets are the browser build's business, so here they are empty modules.
import '@portal/shared/prerender-setup';
import path from 'node:path';
import { createFrameRenderer } from '@portal/shared/frame-renderer';
import { registerFrameRoute } from '@portal/shared/frame-route';
import { serveRemote } from '@portal/shared/server';
import { pages } from '../src/exposed/pages';
import { routes } from '../src/exposed/routes';

// My Insurance declares the student's policies as its first read: its frame comes with her cards.
serveRemote({
  appDir: path.join(__dirname, '..'),
  name: 'insurance',
  frames: (app) => registerFrameRoute(app, createFrameRenderer({ pages, routes })),
});
