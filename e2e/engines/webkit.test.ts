// The core journeys in WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver).
import { after, before } from 'node:test';
import { ORIGINS } from '../support/origins';
import { defineJourneys } from './journeys';
import { WebKitDriverServer, WebKitSession } from './webkit';

let server: WebKitDriverServer | undefined;

before(async () => {
  server = await WebKitDriverServer.start();
});
after(() => server?.stop());

defineJourneys('webkit', async () => {
  if (!server) throw new Error('WebKitWebDriver did not start');
  return WebKitSession.open(server, ORIGINS.host);
});
