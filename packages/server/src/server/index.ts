export { createStaticServer } from './static-server';
export type { StaticServerOptions } from './static-server';
export { cacheControlFor, IMMUTABLE, NO_CACHE } from './cache-control';
export { readOrigins, readPort, readUrl } from './env';
export { listenUntilSignal, runMain } from './listen';
export type { ListenOptions } from './listen';
export { serveRemote } from './serve-remote';
export type { ServeRemoteOptions } from './serve-remote';
export {
  createMetricsRegistry,
  hasOpsToken,
  metricOf,
  refuseWithoutOpsToken,
  registerMetrics,
} from './metrics';
export type { MetricsOptions } from './metrics';
export {
  FRAME_ITEM_LIMIT,
  FRAME_SECRET_VARIABLE,
  FRAME_TIME_BUDGET_MS,
  frameAuthorization,
  frameItemCount,
  isFrameCaller,
  readFrameSecret,
} from './frame-auth';
export { isLoopbackAddress } from './loopback';
