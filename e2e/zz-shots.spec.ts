import { expect, loginAs, logout, test } from './fixtures';

// Temporary: screenshots of the dispensing screens for the lead to look at (not committed).
const OUT = '/tmp/shots';
for (const [w, h] of [[1366, 900], [360, 780]] as const) {
  for (const lang of ['en', 'bn']) {
    test(`dispensing screens ${w} ${lang}`, async ({ page }) => {
      await loginAs(page, 'patient@nirog.test');
      await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
      await page.setViewportSize({ width: w, height: h });
      await page.goto('/my-prescription');
      await expect(page.getByTestId('prescription-card').first()).toBeVisible();
      await page.screenshot({ path: `${OUT}/prescriptions-${w}-${lang}.png`, fullPage: true });
      await page.goto('/my-order');
      await expect(page.getByTestId('order-card').first()).toBeVisible();
      await page.screenshot({ path: `${OUT}/orders-${w}-${lang}.png`, fullPage: true });
      const again = page.getByTestId('order-again').first();
      if (await again.count()) {
        await again.click();
        await expect(page).toHaveURL(/\/cart$/);
        await page.getByTestId('cart-line').first().getByRole('button').nth(1).click().catch(() => undefined);
        await page.screenshot({ path: `${OUT}/cart-${w}-${lang}.png`, fullPage: true });
      }
      await logout(page);
      await loginAs(page, 'pharmacist@nirog.test');
      await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
      await page.goto('/pharmacy/prescriptions');
      await page.getByTestId('rx-order').first().getByRole('button').first().click();
      await expect(page.getByTestId('rx-reading')).toBeVisible();
      await page.screenshot({ path: `${OUT}/review-${w}-${lang}.png`, fullPage: true });
      await logout(page);
      await loginAs(page, 'doctor@nirog.test', undefined, 'doctor');
      await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
      await page.goto('/doctor-booking');
      const write = page.getByRole('button', { name: /Write prescription|প্রেসক্রিপশন লিখুন|ব্যবস্থাপত্র লিখুন/ }).first();
      if (await write.count()) {
        await write.click();
        await page.screenshot({ path: `${OUT}/write-${w}-${lang}.png`, fullPage: true });
      }
    });
  }
}
