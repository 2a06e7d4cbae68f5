import type { Page } from '@playwright/test';
import { expect, fontsOf, test } from './fixtures';
import { baseURL } from './playwright.config';

/**
 * Bangla renders in the face we ship (Noto Sans Bengali as 'Nirog Bengali', frontend/src/app/fonts.css),
 * also where the system has no Bengali font (Debian's Chromium here and in CI has none): Chromium's own
 * account of the fonts that drew a node (CSS.getPlatformFontsForNode) must name only our web font for
 * text that is all Bangla, and our web font for the ৳ of a price.
 */
async function inBangla(page: Page, path: string) {
  // As setLanguage keeps it: in localStorage, and in the cookie by which the server renders the page in Bangla.
  await page.addInitScript(() => localStorage.setItem('nirog.lang', 'bn'));
  await page.context().addCookies([{ name: 'nirog.lang', value: 'bn', url: baseURL }]);
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

test('an English page takes its few Bengali characters from the small label face and never downloads the whole face', async ({ page }) => {
  // fonts.css: 'Nirog Bengali Label' (৳, বাংলা, নীরোগ, অ; 2.0 kB a weight) instead of both weights of
  // the whole face (94 kB), which an English page downloaded for the ৳ of its prices and the switch.
  const fontFiles: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'font') fontFiles.push(new URL(r.url()).pathname); });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/user-signin');
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const heading = await fontsOf(page, 'main h1');
  expect(heading.filter((f) => f.isCustomFont)).toEqual([]); // Latin: the system face

  await page.goto('/medicine');
  await expect(page.getByTestId('medicine-card').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // the switch's বাংলা, all from our face (no system font stands in, none exists here)
  const label = await fontsOf(page, '[data-testid="lang-switch"]');
  expect(label.length).toBeGreaterThan(0);
  expect(label.filter((f) => !f.isCustomFont)).toEqual([]);
  // a price's ৳ (bold) from our face too
  const price = await fontsOf(page, '[data-testid="medicine-card"] .med-price');
  expect(price.find((f) => f.isCustomFont && f.familyName === 'Noto Sans Bengali')?.glyphCount).toBeGreaterThan(0);
  await page.goto('/doctors');
  await expect(page.getByTestId('doctor-row').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);

  expect(fontFiles.filter((u) => /noto-sans-bengali/.test(u))).toEqual([]);
  expect(fontFiles.filter((u) => /nirog-bengali-label-(400|700)/.test(u)).length).toBeGreaterThan(0);
});

test('a Bangla page takes all of its Bangla from the whole face, never the label face', async ({ page }) => {
  const fontFiles: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'font') fontFiles.push(new URL(r.url()).pathname); });
  await inBangla(page, '/doctors');
  await expect(page.getByTestId('doctor-row').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fontFiles.filter((u) => /noto-sans-bengali-bengali-400/.test(u)).length).toBe(1);
  // the label face is for English pages: one Bangla text never mixes the two (App sets the page's
  // language before the first paint)
  expect(fontFiles.filter((u) => /nirog-bengali-label/.test(u))).toEqual([]);
});

test('the brand on an English page is drawn whole by the label face: নীরোগ, not নীর◌োগ', async ({ page }) => {
  // The shaper draws ো as ে and া; a label face without ে drew a dotted circle in the brand on the
  // English splash and /about. The same face, whole and cut, must draw the brand alike.
  await page.goto('/about');
  await expect(page.locator('main').getByText(/নীরোগ/).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const widths = await page.evaluate(async () => {
    const width = async (family: string) => {
      await document.fonts.load(`400 32px "${family}"`, 'নীরোগ');
      const span = Object.assign(document.createElement('span'), { textContent: 'নীরোগ' });
      span.style.cssText = `font: 400 32px "${family}", monospace; position: absolute; white-space: nowrap`;
      document.body.append(span);
      const w = span.getBoundingClientRect().width;
      span.remove();
      return Math.round(w * 10) / 10;
    };
    return { label: await width('Nirog Bengali Label'), whole: await width('Nirog Bengali') };
  });
  expect(widths.label).toBeGreaterThan(0);
  expect(widths.label).toBe(widths.whole);
});
