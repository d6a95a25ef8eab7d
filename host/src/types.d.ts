/** The package version, set at build time by webpack's DefinePlugin. */
declare const __APP_VERSION__: string;

declare module '*.css';

interface Window {
  /** The tag manager's event queue. */
  dataLayer?: unknown[];
}
