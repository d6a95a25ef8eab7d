// The remotes' route tables as the host server reads them: through the one reader the browser uses too
// (@portal/shared/route-table), so that a table the browser would refuse is not used to plan a page
// either. It is left out, as the browser leaves that remote's pages out (and says why in its console).
import { findPublishedRoute, parsePublishedRoutes } from '@portal/shared/route-table';
import type { FoundPublishedRoute, PublishedRoutes } from '@portal/shared/route-table';
import { remoteNamesOf } from '../src/app/runtime-config-shape';
import type { RemoteName } from '../src/app/runtime-config-shape';

/** Where a URL's page comes from: its remote, whether it needs a login, its page module and route name. */
export type FoundRoute = FoundPublishedRoute<RemoteName>;

/** Each table read once (the cache of what remotes published keeps the same object while it is fresh). */
const parsedTables = new WeakMap<object, PublishedRoutes | Error>();

/** A remote's route table, or the error that says why it cannot be used. */
export function readRouteTable(remote: RemoteName, table: unknown): PublishedRoutes | Error {
  if (typeof table !== 'object' || table === null)
    return new Error(`routes.json of remote-${remote}: missing`);
  let parsed = parsedTables.get(table);
  if (!parsed) {
    try {
      parsed = parsePublishedRoutes(table, `remote-${remote}`);
    } catch (error) {
      parsed = error instanceof Error ? error : new Error(String(error));
    }
    parsedTables.set(table, parsed);
  }
  return parsed;
}

/** The remote that declares the page at `pathname` (relative to /en), and whether it needs a login. */
export function findRemote(
  tables: Partial<Record<RemoteName, unknown>>,
  pathname: string,
): FoundRoute | undefined {
  const valid = remoteNamesOf(tables).flatMap((remote) => {
    const table = readRouteTable(remote, tables[remote]);
    return table instanceof Error ? [] : [[remote, table] as const];
  });
  return findPublishedRoute(valid, pathname);
}
