import { expect, loginAs, test } from './fixtures';

// Temporary: screenshots of the dispensing screens for the lead to look at (not committed).
const OUT = '/tmp/shots';
const sizes = [[1366, 900], [360, 780]] as const;
for (const [w, h] of sizes) {
  for (const lang of ['en', 'bn']) {
    test(`patient ${w} ${lang}`, async ({ page }) => {
      await loginAs(page, 'patient@nirog.test');
      await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
      await page.setViewportSize({ width: w, height: h });
      await page.goto('/my-prescription');
      await expect(page.getByTestId('prescription-card').first()).toBeVisible();
      await page.screenshot({ path: `${OUT}/prescriptions-${w}-${lang}.png`, fullPage: true });
      await page.goto('/my-order');
      await expect(page.getByTestId('order-card').first()).toBeVisible();
      await page.getByTestId('order-again').first().click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByTestId('cart-line').first()).toBeVisible();
      await page.screenshot({ path: `${OUT}/cart-${w}-${lang}.png`, fullPage: true });
    });
    test(`pharmacist ${w} ${lang}`, async ({ page }) => {
      await loginAs(page, 'pharmacist@nirog.test');
      await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
      await page.setViewportSize({ width: w, height: h });
      await page.goto('/pharmacy/prescriptions');
      await page.getByTestId('rx-order').first().getByRole('button').first().click();
      await expect(page.getByTestId('rx-reading')).toBeVisible();
      await page.screenshot({ path: `${OUT}/review-${w}-${lang}.png`, fullPage: true });
    });
    test(`doctor ${w} ${lang}`, async ({ page }) => {
      await loginAs(page, 'doctor@nirog.test', undefined, 'doctor');
      await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
      await page.setViewportSize({ width: w, height: h });
      await page.goto('/doctor-booking');
      await expect(page.getByTestId('appointment-card').first()).toBeVisible();
      const write = page.getByTestId('appointment-card').locator('button').filter({ hasText: /prescription|প্রেসক্রিপশন|ব্যবস্থাপত্র/i }).first();
      await write.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${OUT}/write-${w}-${lang}.png`, fullPage: false });
    });
  }
}
