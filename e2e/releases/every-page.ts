import { test, expect } from '../support/fixtures';
import { logIn, mainNavigation } from '../support/portal';
import { USERS } from '../support/origins';

/** What the journeys read of a remote's published `routes.json`. */
type Table = { remote: string; routes: { routes: Array<{ path?: string; contentPage?: string }> } };

/** The route tables of the remotes the stack serves, as scripts/check-releases.mjs passes them. */
function servedTables(): Table[] {
  return JSON.parse(process.env.RELEASE_CHECK_TABLES ?? '[]') as Table[];
}

/** The paths of the pages a table declares that need no route parameters. */
function plainPaths(table: Table): string[] {
  return table.routes.routes
    .map((route) => route.path ?? `/${route.contentPage}`)
    .filter((path) => !path.includes(':'));
}

/**
 * The journeys of a release skew: the portal starts, and every page each served remote declares shows
 * in the layout, with its heading and without a fallback. `which` names the builds in the titles.
 */
export function everyPageOfEachRemote(which: string): void {
  const tables = servedTables();

  test(`should be given the ${which} to check`, () => {
    expect(tables.map((table) => table.remote).sort()).toEqual([
      'account',
      'billing',
      'insurance',
      'service',
    ]);
  });

  for (const table of tables) {
    test(`should start the portal and show every page of the ${table.remote} remote (${which})`, async ({
      page,
    }) => {
      await logIn(page, USERS.anna);
      for (const path of plainPaths(table)) {
        await page.goto(`/en${path}`);
        const main = page.getByRole('main');
        await expect(mainNavigation(page), path).toBeVisible();
        await expect(main.getByRole('heading').first(), path).toBeVisible();
        await expect(main.getByText('This page is not available at the moment'), path).toHaveCount(0);
        await expect(main.getByText('This part of the portal is temporarily unavailable.'), path).toHaveCount(
          0,
        );
      }
    });
  }
}
