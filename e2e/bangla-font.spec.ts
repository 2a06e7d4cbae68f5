import type { Page } from '@playwright/test';
import { expect, fontsOf, test } from './fixtures';

/**
 * Bangla renders in the face we ship (Noto Sans Bengali as 'Nirog Bengali', frontend/src/app/fonts.css),
 * also where the system has no Bengali font (Debian's Chromium here and in CI has none): Chromium's own
 * account of the fonts that drew a node (CSS.getPlatformFontsForNode) must name only our web font for
 * text that is all Bangla, and our web font for the ৳ of a price.
 */
async function inBangla(page: Page, path: string) {
  await page.addInitScript(() => localStorage.setItem('nirog.lang', 'bn'));
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.evaluate(() => document.fonts.ready);
}

test('Bangla text and ৳ prices render in the shipped Bengali face, even with no Bengali system font', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await inBangla(page, '/medicine');
  await expect(page.getByTestId('medicine-card').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px "Nirog Bengali"', 'নীরোগ ৳'))).toBe(true);

  // the brand, all Bangla: every glyph from our face
  const brand = await fontsOf(page, 'header .brand');
  expect(brand.length).toBeGreaterThan(0);
  expect(brand.filter((f) => !f.isCustomFont)).toEqual([]);
  expect(brand.map((f) => f.familyName)).toContain('Noto Sans Bengali');

  // a price: ৳ comes from our face, whatever draws the digits
  const price = await fontsOf(page, '[data-testid="medicine-card"] .med-price');
  expect(price.find((f) => f.isCustomFont && f.familyName === 'Noto Sans Bengali')?.glyphCount).toBeGreaterThan(0);
});

test('an English page draws its Latin text in the system face and asks for the Bengali face only for Bangla characters', async ({ page }) => {
  const fontFiles: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'font') fontFiles.push(r.url()); });
  await page.goto('/user-signin');
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const heading = await fontsOf(page, 'main h1');
  expect(heading.filter((f) => f.isCustomFont)).toEqual([]);
  // the language switch (বাংলা) is the only Bangla here: at most the regular weight is fetched
  expect(fontFiles.filter((u) => /bengali-700/.test(u))).toEqual([]);
});
