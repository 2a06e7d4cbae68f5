import { expect, expectNoHorizontalScroll, loginAs, test } from './fixtures';

/**
 * Integrators (issue 18): an admin registers an app in the UI and sees its key once; the key calls the
 * API; the developer guide loads, its reference searches, and its explorer (GraphiQL, loaded only
 * there) runs a query with that key and shows what it cost.
 */
test('an admin registers an integrator app, sees its key once, and the key works', async ({ page, request }) => {
  await loginAs(page, 'admin@nirog.test');
  await page.getByRole('menuitem', { name: 'Integrator Apps' }).click();
  await expect(page).toHaveURL(/\/admin\/integrators$/);
  await expect(page.getByRole('row', { name: /Demo pharmacy partner/ })).toBeVisible();

  await page.getByRole('button', { name: 'Register an app' }).click();
  const form = page.getByRole('dialog', { name: 'Register an app' });
  await form.getByLabel('App name').fill('Journey clinic app');
  await form.getByLabel('Contact email').fill('dev@journey-clinic.example');
  await form.getByLabel('orders:read: orders, and the order a webhook names').check();
  await form.getByLabel('Bucket size (points)').fill('300');
  await form.getByRole('button', { name: 'Register' }).click();

  const shown = page.getByRole('dialog', { name: 'The key of Journey clinic app' });
  await expect(shown.getByText(/this is the only time it is shown/)).toBeVisible();
  const key = await shown.getByLabel('Key').inputValue();
  expect(key).toMatch(/^nrg_live_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(shown).toHaveCount(0);

  const row = page.getByRole('row', { name: /Journey clinic app/ });
  await expect(row).toContainText('catalog:read');
  await expect(row).toContainText('orders:read');
  await expect(row).toContainText('300 points, +100/s');
  await expect(row).toContainText(key.slice(0, 'nrg_live_'.length + 16));
  await page.reload();
  await expect(page.getByRole('row', { name: /Journey clinic app/ })).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // The key is an identity of its own on /graphql: within its scopes, with what it cost.
  const answer = await request.post('/graphql', { headers: { Authorization: `Bearer ${key}` }, data: { query: '{ adminOrders(pageSize: 1) { total } }' } });
  const body = await answer.json();
  expect(body.errors).toBeUndefined();
  expect(body.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 300, restoreRate: 100 });
  // Revoking it stops it at once.
  await page.getByRole('row', { name: /Journey clinic app/ }).getByRole('button', { name: 'Revoke' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row', { name: /Journey clinic app/ })).toContainText('Revoked');
  const after = await (await request.post('/graphql', { headers: { Authorization: `Bearer ${key}` }, data: { query: '{ adminOrders(pageSize: 1) { total } }' } })).json();
  expect(after.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'API_KEY_REVOKED' });
});

test('the developer guide loads, its reference searches, and the explorer runs a query with a key', async ({ page }) => {
  const explorerChunks: string[] = [];
  page.on('request', (r) => { if (/\/assets\/Explorer-[^/]+\.(js|css)$/.test(r.url())) explorerChunks.push(r.url()); });
  const blocked: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy|Refused to/.test(m.text())) blocked.push(m.text()); });

  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Developers (API)' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText(/timingSafeEqual/)).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search types, fields and descriptions' });
  await search.fill('updateMedicineStock');
  const mutation = page.locator('details#type-Mutation');
  await expect(mutation).toHaveAttribute('open', '');
  await expect(mutation.getByText('Integrator apps: scope stock:write.')).toBeVisible();

  // GraphiQL is not part of the page until the reader opens it.
  expect(explorerChunks).toEqual([]);
  await page.getByLabel('Your app key').fill('nrg_live_de00000000000001_development-only-demo-key000000000000000000');
  await page.getByRole('button', { name: 'Open the explorer' }).click();
  const explorer = page.locator('.graphiql-container');
  await expect(explorer).toBeVisible();
  expect(explorerChunks.some((u) => u.endsWith('.js'))).toBe(true);
  expect(explorerChunks.some((u) => u.endsWith('.css'))).toBe(true);
  // The editors come up a moment after the explorer (CodeMirror's own chunk): run once they are there.
  await expect(explorer.locator('.graphiql-response .CodeMirror')).toBeAttached();
  await explorer.locator('.graphiql-execute-button').click();
  await expect(explorer.locator('.graphiql-response')).toContainText('"total"');
  // The whole answer, as the response editor holds it (it draws only the lines in view).
  const answer = JSON.parse(await explorer.locator('.graphiql-response .CodeMirror').evaluate((el) => (el as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue()));
  expect(answer.data.doctors.items.length).toBe(5);
  expect(answer.extensions.cost).toMatchObject({ requestedQueryCost: expect.any(Number), throttleStatus: { maximumAvailable: 1000, restoreRate: 100 } });
  expect(blocked, 'the strict CSP refused nothing the explorer needs').toEqual([]);
  await page.setViewportSize({ width: 360, height: 760 });
  await expectNoHorizontalScroll(page);
});
