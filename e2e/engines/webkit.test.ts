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
  try {
    return await WebKitSession.open(server, ORIGINS.host);
  } catch (error) {
    // Once in a while MiniBrowser cannot open the virtual display ("cannot open display: :99") and
    // never starts: the journey goes on in a fresh driver with a display of its own, once.
    console.log(`webkit: ${error instanceof Error ? error.message : String(error)}; starting a fresh driver`);
    server.stop();
    server = await WebKitDriverServer.start();
    return WebKitSession.open(server, ORIGINS.host);
  }
});
