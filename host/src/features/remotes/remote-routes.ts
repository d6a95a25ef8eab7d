import { create } from 'zustand';
import { parsePublishedRoutes, PUBLISHED_ROUTES_FILE } from '@portal/shared';
import type { PublishedRoutes } from '@portal/shared';
import { REMOTE_NAMES, remoteNamesOf } from '../../app/runtime-config-shape';
import type { RemoteName } from '../../app/runtime-config-shape';

/**
 * What the host knows of a remote's pages: the routes it declares; `failed` when its table could not
 * be fetched (the remote is down: its pages show a fallback with a retry); `absent` when the runtime
 * config names no such remote (not deployed: its pages are "not available").
 */
export type RemoteRouteTable =
  { state: 'loaded'; routes: PublishedRoutes } | { state: 'failed' } | { state: 'absent' };

/** The route table of every remote, by remote name: the portal's own always, and those added. */
export type RemoteRouteTables = Readonly<Partial<Record<RemoteName, RemoteRouteTable>>>;

/** Where a remote publishes its routes: beside its manifest. */
export function routesUrl(manifestUrl: string): string {
  return new URL(PUBLISHED_ROUTES_FILE, new URL(manifestUrl, window.location.href)).href;
}

/** Fetches one remote's `routes.json`; revalidated every time, so a redeployed remote is seen. */
export async function fetchRemoteRoutes(
  remote: RemoteName,
  manifestUrl: string | undefined,
): Promise<RemoteRouteTable> {
  if (!manifestUrl) return { state: 'absent' };
  try {
    const response = await fetch(routesUrl(manifestUrl), { cache: 'no-cache', credentials: 'omit' });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return { state: 'loaded', routes: parsePublishedRoutes(await response.json(), `remote-${remote}`) };
  } catch (error) {
    console.error(`The routes of remote "${remote}" could not be loaded:`, error);
    return { state: 'failed' };
  }
}

/** A table the server embedded for a remote that is configured, when it is valid. */
function embeddedTable(
  remote: RemoteName,
  manifestUrl: string | undefined,
  value: unknown,
): RemoteRouteTable | undefined {
  if (!manifestUrl || value === undefined) return undefined;
  try {
    return { state: 'loaded', routes: parsePublishedRoutes(value, `remote-${remote}`) };
  } catch (error) {
    console.warn(`The embedded routes of remote "${remote}" are not valid; fetching them.`, error);
    return undefined;
  }
}

type RouteTablesState = {
  tables: RemoteRouteTables;
  manifests: Partial<Record<RemoteName, string>>;
  /**
   * Every remote's table at start-up: the one the host server put in the page (`embedded`, checked as
   * if fetched), else fetched.
   */
  load: (
    manifests: Partial<Record<RemoteName, string>>,
    embedded?: Partial<Record<RemoteName, unknown>>,
    /** A canary's stable URL: its table is read from there when the canary's cannot be. */
    fallbacks?: Partial<Record<RemoteName, string>>,
  ) => Promise<void>;
  /** Fetches the tables that failed again; the route tree is rebuilt when one arrives. */
  retryFailed: () => Promise<void>;
};

const unknownTables = Object.fromEntries(REMOTE_NAMES.map((name) => [name, { state: 'absent' }])) as Record<
  RemoteName,
  RemoteRouteTable
>;

/** The remotes' route tables, for the route tree (the host's own state, not shared with remotes). */
export const useRouteTables = create<RouteTablesState>()((set, get) => ({
  tables: unknownTables,
  manifests: {},
  load: async (manifests, embedded = {}, fallbacks = {}) => {
    const used = { ...manifests };
    const entries = await Promise.all(
      remoteNamesOf(manifests).map(async (name) => {
        const table =
          embeddedTable(name, manifests[name], embedded[name]) ??
          (await fetchRemoteRoutes(name, manifests[name]));
        const stable = fallbacks[name];
        if (table.state !== 'failed' || stable === undefined) return [name, table] as const;
        used[name] = stable;
        return [name, await fetchRemoteRoutes(name, stable)] as const;
      }),
    );
    set({ manifests: used, tables: Object.fromEntries(entries) as Record<RemoteName, RemoteRouteTable> });
  },
  retryFailed: async () => {
    const { tables, manifests } = get();
    const failed = Object.keys(tables).filter((name) => tables[name]?.state === 'failed');
    const entries = await Promise.all(
      failed.map(async (name) => [name, await fetchRemoteRoutes(name, manifests[name])] as const),
    );
    set({ tables: { ...get().tables, ...Object.fromEntries(entries) } });
  },
}));
