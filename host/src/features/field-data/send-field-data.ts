// Sends the field data (./field-data.ts) to the host with `navigator.sendBeacon`: a beacon outlives the
// page, and the host counts it whatever the student chose for cookies, since it holds nothing about her
// (the privacy page says so). Each event names its remote's release, read from the manifest the page
// loaded it from; the web vitals come from the `web-vitals` library. Loaded once the page is idle.
import { onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import type { RemoteName } from '../../app/runtime-config-shape';
import { FIELD_DATA_URL, noteVital, REPORT_BATCH, sendNotedEventsTo, UNKNOWN_RELEASE } from './field-data';
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

/** Reads `metaData.buildInfo.buildVersion` of a remote's manifest; {@link UNKNOWN_RELEASE} when it cannot. */
async function readRelease(url: string, fetchImpl: typeof fetch): Promise<string> {
  try {
    const response = await fetchImpl(url, { credentials: 'omit' });
    const manifest = (await response.json()) as { metaData?: { buildInfo?: { buildVersion?: unknown } } };
    const version = manifest.metaData?.buildInfo?.buildVersion;
    return typeof version === 'string' && /^[\w.+-]{1,40}$/.test(version) ? version : UNKNOWN_RELEASE;
  } catch {
    return UNKNOWN_RELEASE;
  }
}

/**
 * Starts sending: events wait up to {@link SEND_AFTER_MS} and go in beacons of {@link REPORT_BATCH}; when the
 * page is hidden or left, what waits goes at once. @returns a function that sends what waits now.
 */
export function startSending({
  manifestOf,
  fetchImpl = (...args) => fetch(...args),
  beacon = (url, body) => navigator.sendBeacon(url, body),
}: SenderOptions): () => void {
  const releases = new Map<string, string>();
  const reading = new Map<string, Promise<string>>();
  const ready: Array<NotedEvent & { release: string }> = [];
  // Events whose remote's release is being read: a page left meanwhile sends them without it.
  const unread = new Set<NotedEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    for (const event of unread) ready.push({ ...event, release: UNKNOWN_RELEASE });
    unread.clear();
    while (ready.length > 0) {
      const body = JSON.stringify({ events: ready.splice(0, REPORT_BATCH) });
      if (!beacon(FIELD_DATA_URL, body))
        void fetchImpl(FIELD_DATA_URL, {
          method: 'POST',
          body,
          keepalive: true,
          credentials: 'same-origin',
        }).catch(() => undefined);
    }
  };
  const queue = (event: NotedEvent, release: string) => {
    ready.push({ ...event, release });
    if (document.visibilityState === 'hidden') flush();
    else timer ??= setTimeout(flush, SEND_AFTER_MS);
  };
  const releaseKey = (remote: PageOwner) => (remote === 'host' ? undefined : manifestOf(remote));

  sendNotedEventsTo((event) => {
    const url = releaseKey(event.remote);
    if (url === undefined) return queue(event, HOST_RELEASE);
    const known = releases.get(url);
    if (known !== undefined) return queue(event, known);
    let pending = reading.get(url);
    if (!pending) {
      pending = readRelease(url, fetchImpl).then((release) => {
        releases.set(url, release);
        return release;
      });
      reading.set(url, pending);
    }
    unread.add(event);
    void pending.then((release) => {
      // Sent already, without its release, when the page was left.
      if (unread.delete(event)) queue(event, release);
    });
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
