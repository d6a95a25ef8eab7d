// Sends the field data (./field-data.ts) to the host with `navigator.sendBeacon`: a beacon outlives the
// page, and the host counts it whatever the student chose for cookies, since it holds nothing about her
// (the privacy page says so). Each event names its remote's release, as the manifest the page loaded
// it from says; the web vitals come from the `web-vitals` library. Loaded once the page is idle.
import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import type { RemoteName } from '../../app/runtime-config-shape';
import {
  FIELD_DATA_URL,
  noteVital,
  releaseAt,
  REPORT_BATCH,
  sendNotedEventsTo,
  UNKNOWN_RELEASE,
} from './field-data';
import type { NotedEvent, PageOwner } from './field-data';

/** How long events wait to be sent together; a page that is hidden sends at once. */
const SEND_AFTER_MS = 2_000;

/** The release of the host's own pages: the host names it itself. */
const HOST_RELEASE = 'host';

export type SenderOptions = {
  /** The manifest URL a remote is loaded from on this page. */
  manifestOf: (remote: RemoteName) => string | undefined;
  fetchImpl?: typeof fetch;
  beacon?: (url: string, body: string) => boolean;
};

/**
 * Starts sending: events wait up to {@link SEND_AFTER_MS} and go in beacons of {@link REPORT_BATCH};
 * when the page is hidden or left, what waits goes at once. Each event names the release of the
 * remote's manifest as the federation runtime read it ({@link releaseAt}). @returns a function that
 * sends what waits now.
 */
export function startSending({
  manifestOf,
  fetchImpl = (...args) => fetch(...args),
  beacon = (url, body) => navigator.sendBeacon(url, body),
}: SenderOptions): () => void {
  const ready: NotedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const releaseOf = (remote: PageOwner) =>
    remote === 'host' ? HOST_RELEASE : (releaseAt(manifestOf(remote)) ?? UNKNOWN_RELEASE);

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (ready.length > 0) {
      const events = ready
        .splice(0, REPORT_BATCH)
        .map((event) => ({ ...event, release: releaseOf(event.remote) }));
      const body = JSON.stringify({ events });
      if (!beacon(FIELD_DATA_URL, body))
        void fetchImpl(FIELD_DATA_URL, {
          method: 'POST',
          body,
          keepalive: true,
          credentials: 'same-origin',
        }).catch(() => undefined);
    }
  };

  sendNotedEventsTo((event) => {
    ready.push(event);
    if (document.visibilityState === 'hidden') flush();
    else timer ??= setTimeout(flush, SEND_AFTER_MS);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  return flush;
}

/** Starts the web vitals of this page load; each is noted when the library reports it. */
export function startWebVitals(): void {
  onLCP((metric) => noteVital('LCP', metric.value));
  onINP((metric) => noteVital('INP', metric.value));
  onCLS((metric) => noteVital('CLS', metric.value));
  onTTFB((metric) => noteVital('TTFB', metric.value));
}
