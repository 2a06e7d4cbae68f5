import { expect, expectNoHorizontalScroll, loginAs, test, unique } from './fixtures';

test('an admin opens the dashboard, follows the pending-approvals tile, approves a doctor and finds it in the audit log', async ({ page }) => {
  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin-dashboard');
  const tile = page.getByTestId('tile-pending-doctors');
  const waiting = Number(await tile.locator('.dash-tile-value').textContent());
  expect(waiting).toBeGreaterThan(0);
  // The charts arrive after the figures (their own chunk).
  await expect(page.getByRole('figure', { name: 'Bookings per day, last 30 days' }).locator('.recharts-bar-rectangle').first()).toBeVisible();

  await tile.click();
  await expect(page).toHaveURL(/\/admin\/pending-doctors$/);
  const row = page.getByRole('row', { name: /Imran Chowdhury/ });
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Doctor approved')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('tile-pending-doctors').locator('.dash-tile-value')).toHaveText(String(waiting - 1));

  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole('cell', { name: 'approveDoctor' }).first()).toBeVisible();
});

test('the dashboard works on a phone, and a tile opens its filtered table with CSV export', async ({ page }) => {
  await loginAs(page, 'admin@nirog.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin-dashboard');
  await expect(page.getByTestId('tile-visits')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('region', { name: 'Orders by status' }).getByRole('link', { name: /Delivered/ }).click();
  await expect(page).toHaveURL(/\/admin\/user\/order\?status=Delivered$/);
  await expect(page.getByRole('row').nth(1)).toContainText('Delivered');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('nirog-orders.csv');
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toContain('status');
  expect(lines.slice(1).every((l) => l.endsWith(',Delivered'))).toBe(true);
});

test('an admin searches users and deletes one after confirming', async ({ page, request }) => {
  // A user of its own, so that no other journey loses a seeded account.
  const email = unique('leaving');
  const signup = await request.post('/api/register', { multipart: { name: 'Leaving Soon', email, password: 'goodbye-nirog-5' } });
  expect(signup.ok()).toBe(true);
  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin/alluser');
  await page.getByLabel('Search by name, email or phone').fill(email);
  await page.getByLabel('Search by name, email or phone').press('Enter');
  await expect(page).toHaveURL(/q=leaving/);
  const row = page.getByRole('row', { name: /Leaving Soon/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User Delete Successful')).toBeVisible();
  await expect(page.getByText('No Users Found')).toBeVisible();
});
