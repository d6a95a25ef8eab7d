import { test, expect } from '../support/fixtures';

test('should receive the page, its scripts, the manifest and the remote entry compressed', async ({
  page,
}) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    encodings.set(url.pathname, response.headers()['content-encoding']);
  });
  // The login form is visible with the server's frame, before any script has arrived: wait for the
  // files themselves, not for the form.
  const arrived = (pattern: RegExp) =>
    page.waitForResponse((response) => pattern.test(new URL(response.url()).pathname));
  const files = Promise.all(
    [
      /^\/en\/assets\/main\..*\.js$/,
      /^\/mf-manifest\.json$/,
      /^\/remoteEntry\.js$/,
      /^\/assets\/page-login\..*\.js$/,
    ].map(arrived),
  );
  await page.goto('/en/login');
  await files;
  await expect(page.getByLabel('E-mail address')).toBeVisible();

  const seen = [...encodings.keys()];
  const pick = (pattern: RegExp) => seen.filter((path) => pattern.test(path));
  const wanted = {
    'host scripts': pick(/^\/en\/assets\/.*\.js$/),
    'remote manifest': pick(/^\/mf-manifest\.json$/),
    'remote entry': pick(/^\/remoteEntry\.js$/),
    'remote page chunks': pick(/^\/assets\/page-login\..*\.js$/),
  };
  for (const [what, paths] of Object.entries(wanted)) {
    expect(paths.length, `${what} fetched`).toBeGreaterThan(0);
    for (const path of paths) expect(encodings.get(path), `${what}: ${path}`).toMatch(/^(br|gzip)$/);
  }
  // The page itself, with the start data the host server puts in it, travels compressed too.
  expect(encodings.get('/en/login')).toMatch(/^(br|gzip)$/);
});
