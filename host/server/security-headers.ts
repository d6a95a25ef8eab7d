import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { RuntimeConfig } from './config';

const GTM_ORIGIN = 'https://www.googletagmanager.com';
const ANALYTICS_ORIGINS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

/**
 * Helmet options: a CSP without inline script (the page has none: the runtime config is fetched, the
 * tag manager is a script element with a src), remote origins allowed for their entries, chunks and CSS
 * (and the fetch of their manifests), nothing else.
 */
export function securityHeaders(
  runtime: RuntimeConfig,
  runtimeOf: (request: object) => RuntimeConfig = () => runtime,
): FastifyHelmetOptions {
  // Read at each request: a remote's URL may move while the host runs (HOST_REMOTES_FILE), and a
  // browser on a canary loads that remote from the canary's origin, or the stable one's should the
  // canary fail to load. Helmet joins a directive's values with spaces; with no remote at all this is
  // the empty string.
  const remoteOrigins = [
    (request: object) => {
      const own = runtimeOf(request);
      return [
        ...new Set(
          [...Object.values(own.remotes), ...Object.values(own.canary ?? {})]
            .filter((url): url is string => url !== undefined)
            .map((url) => new URL(url).origin),
        ),
      ].join(' ');
    },
  ];
  const gtm = runtime.gtmId !== null;
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins, ...(gtm ? [GTM_ORIGIN] : [])],
        // CSS is extracted into files in production builds, so no inline styles are needed.
        styleSrc: ["'self'", ...remoteOrigins],
        connectSrc: ["'self'", ...remoteOrigins, ...(gtm ? [GTM_ORIGIN, ...ANALYTICS_ORIGINS] : [])],
        // The remotes ship scripts and styles only: images (the icon sprite, the favicon) and fonts are
        // the host's, so the remotes' origins are not allowed for them.
        imgSrc: ["'self'", 'data:', ...(gtm ? [GTM_ORIGIN, ...ANALYTICS_ORIGINS] : [])],
        fontSrc: ["'self'"],
        // The service worker (/en/sw.js) and the web app manifest come from the host itself.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // Local and compose set-ups run on plain http; TLS is the proxy in front's business.
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Remote chunks are cross-origin scripts; they are not embedded resources needing CORP/COEP.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Browser features the portal does not use, denied to the page and to anything it embeds: no camera,
 * microphone, location, payment request or sensors, even if a script were injected. Passkeys are the
 * portal's own (creating one in Profile, logging in with one): allowed to the page's origin only.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'screen-wake-lock',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat(['publickey-credentials-create=(self)', 'publickey-credentials-get=(self)'])
  .join(', ');

/**
 * Headers that only mean something on a document (the page, a frame): the CSP, frame and feature
 * policies and the old IE switches. A hashed script, style sheet or icon under /en/assets/ is never a
 * document, and each of these ~1.2 KB of headers travels again with every one of them; nosniff, CORP,
 * the referrer policy and HSTS stay on every response.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
] as const;

/**
 * The policy of a backend's answer (JSON, a PDF download) as the API security guides advise: it may
 * load nothing and be framed by no one, should a browser ever show it as a page. Much shorter than
 * the page's policy with its remote origins, and stricter.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The build's scripts, style sheets and images (hashed under /en/assets/, plus the favicon and the
 * home-screen icons), never a page. The service worker keeps its headers: a worker's CSP is its own.
 */
export const isBuiltAsset = (url: string): boolean =>
  /^\/en\/(assets\/[^?#]+\.(js|css|svg|png|woff2)|favicon\.svg|icons\/[^/?#]+\.png)(\?|$)/.test(url);
