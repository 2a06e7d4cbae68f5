import { expect, loginAs, test, unique } from './fixtures';

test('an admin approves a waiting doctor and finds the action in the audit log', async ({ page }) => {
  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin/pending-doctors');
  const row = page.getByRole('row', { name: /Imran Chowdhury/ });
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Doctor approved')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole('cell', { name: 'approveDoctor' }).first()).toBeVisible();
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
