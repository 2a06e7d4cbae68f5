import type { Page } from '@playwright/test';
import { avatarPng, expect, expectNoHorizontalScroll, loginAs, test, unique } from './fixtures';

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
  await expect(page.getByRole('cell', { name: 'Approved a doctor' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'approveDoctor' })).toHaveCount(0);
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
  // The new account is also the first row of the unfiltered list (newest first), visible before the
  // search's answer comes: act on the filtered list itself, not on a row about to be rendered again.
  // (CI runs 16 and 20 timed out here: the click had focused Delete but no confirmation opened. The
  // cause is not proven: the same click with the search's answer held back 1.5 s opened it.)
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  const row = page.getByRole('row', { name: /Leaving Soon/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User Delete Successful')).toBeVisible();
  await expect(page.getByText('No Users Found')).toBeVisible();
});

/** The Actions cell of the first row: in view (not cut off by the table's edge) and clickable. */
async function expectActionsReachable(page: Page, name: RegExp | string) {
  const action = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('.table-actions').getByRole(typeof name === 'string' ? 'button' : 'link', { name }).first();
  await expect(action).toBeInViewport({ ratio: 1 });
  const box = (await action.boundingBox())!;
  const table = (await page.locator('.ant-table-content, .ant-table-body').first().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(table.x + table.width + 1);
  await expectNoHorizontalScroll(page);
  return action;
}

test('at 1366 px every admin table shows its Actions column whole; at 390 px a pending doctor can be rejected', async ({ page }) => {
  await loginAs(page, 'admin@nirog.test');
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.goto('/admin/all-doctors');
  await (await expectActionsReachable(page, /Update/)).click();
  await expect(page).toHaveURL(/\/update-doctor\//);

  await page.goto('/admin/medicines');
  await (await expectActionsReachable(page, 'Edit')).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // An action of the admin's own (a CSV export), then seen in the audit log by name and in words.
  await page.goto('/admin/all-doctors');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  await expect(page.getByText(/^Exported \d+ rows? to nirog-doctors\.csv$/)).toBeVisible();
  await page.goto('/admin/audit-log');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toContainText('Nirog Admin');
  await expect(row).toContainText('admin@nirog.test');
  await expect(row).toContainText('Exported a table as CSV');
  await (await expectActionsReachable(page, 'Details')).click();
  await expect(page.locator('.ant-table-expanded-row pre').first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/pending-doctors');
  const reject = await expectActionsReachable(page, 'Reject');
  await reject.click();
  await expect(page.locator('.ant-popconfirm').getByRole('button', { name: 'Reject' })).toBeVisible();
});

test('CSV export says how many rows it wrote, and the audit log words the export', async ({ page }) => {
  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin/all-doctors?status=Approved');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  expect((await download).suggestedFilename()).toBe('nirog-doctors.csv');
  await expect(page.getByText(/^Exported \d+ rows? to nirog-doctors\.csv$/)).toBeVisible();
  await page.goto('/admin/audit-log');
  const row = page.getByRole('row', { name: /Exported a table as CSV/ }).first();
  await expect(row).toContainText('Nirog Admin');
  await expect(row).not.toContainText('csv.export');
});

test('an admin image field refuses a text file with a message and previews a PNG', async ({ page }) => {
  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin/create-nurse');
  const field = page.getByLabel('Images', { exact: true });
  await field.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt is not a picture' })).toBeVisible();
  await expect(page.getByTestId('nurse-images-preview')).toHaveCount(0);
  await field.setInputFiles({ name: 'nurse.png', mimeType: 'image/png', buffer: await avatarPng() });
  await expect(page.getByRole('alert').filter({ hasText: 'not a picture' })).toHaveCount(0);
  const preview = page.getByTestId('nurse-images-preview');
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await page.getByRole('button', { name: /Choose pictures/ }).focus();
  await expect(page.getByRole('button', { name: /Choose pictures/ })).toBeFocused();
});
