import { test, expect } from '../support/fixtures';
import { logoutEntry, submitLogin } from '../support/portal';
import { USERS } from '../support/origins';

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  links: string[];
  createdAt: string;
}

const NEW_PASSWORD = 'Fresh-Start-2026!';

test('should activate a new student from the mailed link and log in', async ({ page, consoleGuard }) => {
  const response = await page.request.get('/api/dev/outbox');
  expect(response.status(), 'GET /api/dev/outbox').toBe(200);
  const mails = (await response.json()) as OutboxMail[];
  const mail = mails.find(
    (entry) => entry.to === USERS.newStudent && entry.links.some((link) => link.includes('/activate/')),
  );
  expect(mail, `an activation mail for ${USERS.newStudent}`).toBeDefined();
  const link = mail?.links.find((entry) => entry.includes('/activate/')) ?? '';

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat new password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page.getByText('Your account is activated.', { exact: false })).toBeVisible();

  await page.goto('/en/login');
  await submitLogin(page, USERS.newStudent, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/en\/insurances/);
  await expect(logoutEntry(page)).toBeVisible();

  // The used link says the account is activated and leads to the login, not "invalid or expired".
  consoleGuard.allow(/status of 409 .*\/api\/accounts\//);
  await page.goto(link);
  await expect(
    page.getByText('Your account is already activated. Log in with your e-mail address and password.'),
  ).toBeVisible();
  await expect(page.getByText('Sorry, this link is invalid or expired.')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
});
