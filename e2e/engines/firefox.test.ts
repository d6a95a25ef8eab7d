// The core journeys in Firefox (Firefox ESR over WebDriver BiDi).
import { after, before } from 'node:test';
import { ORIGINS } from '../support/origins';
import { FirefoxBrowser, FirefoxSession } from './firefox';
import { defineJourneys } from './journeys';

let firefox: FirefoxBrowser | undefined;

before(async () => {
  firefox = await FirefoxBrowser.launch();
});
after(async () => {
  await firefox?.close();
});

defineJourneys('firefox', async () => {
  if (!firefox) throw new Error('Firefox did not start');
  return FirefoxSession.open(firefox, ORIGINS.host);
});
