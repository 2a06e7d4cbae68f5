import type { Locator, Page } from '@playwright/test';
import { apiToken, expect, expectNoHorizontalScroll, loginAs, logout, test } from './fixtures';

/**
 * Medical files are private (issue 42), in the browser: the patient's order page and the pharmacist's
 * check show the prescription photo through its short-lived link (an <img> without Authorization),
 * in English and Bangla, on a desktop and a phone; the link's answer is never cacheable, a tampered
 * link and the old public address answer 404.
 */
test.describe.configure({ mode: 'serial' });

/** The picture arrived and decoded (not a broken image). */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

async function shots(page: Page, name: string, check: () => Promise<void>) {
  for (const lang of ['en', 'bn']) {
    for (const width of [1366, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
      await page.reload();
      await check();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: test.info().outputPath(`${name}-${lang}-${width}.png`), fullPage: width === 360 });
    }
  }
  await page.evaluate(() => localStorage.setItem('nirog.lang', 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
}

test("the patient's order page shows the photo through its link, never cacheable", async ({ page }) => {
  await loginAs(page, 'patient@nirog.test');
  await page.goto('/my-order');
  const card = page.getByTestId('order-card').filter({ has: page.getByTestId('rx-photo-link') }).first();
  const thumb = card.getByTestId('rx-thumb');
  await expectLoaded(thumb);
  const src = (await thumb.getAttribute('src'))!;
  expect(src).toMatch(/^\/api\/medical-files\/[\w-]+\.[\w-]+$/);
  await expect(card.getByRole('link', { name: 'View prescription' })).toHaveAttribute('href', src);
  const answer = await page.request.get(src);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/webp');
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  // Opened in a tab of its own, as "View prescription" does.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByRole('link', { name: 'View prescription' }).click()]);
  await tab.waitForLoadState();
  await expectLoaded(tab.locator('img'));
  await tab.close();

  // A changed link, and the address a photo had before it was private: nothing.
  expect((await page.request.get(`${src.slice(0, -3)}AAA`)).status()).toBe(404);
  const key = /prescriptions\/[\w-]+\.webp/.exec(JSON.stringify(await (await page.request.get('/api/orders/myorders', {
    headers: { Authorization: `Bearer ${await apiToken(page.request, 'patient@nirog.test')}` },
  })).json()));
  expect(key).toBeNull();

  await shots(page, 'my-orders-photo', async () => {
    await expectLoaded(page.getByTestId('rx-thumb').first());
  });
  await logout(page);
});

test("the pharmacist's check shows the photo through its link", async ({ page }) => {
  await loginAs(page, 'pharmacist@nirog.test');
  await expect(page).toHaveURL(/\/pharmacy\/prescriptions$/);
  await page.getByTestId('rx-order').filter({ hasText: 'Rahima Akter' }).first().getByRole('link', { name: 'Check' }).click();
  const photo = page.getByTestId('rx-photo');
  await expectLoaded(photo);
  expect(await photo.getAttribute('src')).toMatch(/^\/api\/medical-files\//);
  await shots(page, 'prescription-check-photo', async () => {
    await expectLoaded(page.getByTestId('rx-photo'));
  });
  await logout(page);
});
