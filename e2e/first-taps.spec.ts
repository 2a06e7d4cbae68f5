import type { Locator, Page } from '@playwright/test';
import { test, expect, expectHydrated } from './fixtures';

// The first tap on a page that shows before it can act (a catalogue's first screen comes in the HTML,
// the splash already seen) is kept and given to its control once the app has adopted it
// (frontend/src/app/earlyTaps.ts). Without that, "Add to Cart" on /medicine and "Filters" on /doctors
// did nothing and said nothing on a cheap phone: the second tap worked.

/** A cheap phone: 1.6 Mbps down, 150 ms, the CPU four times slower (as Lighthouse's mobile profile). */
async function cheapPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Whether React has adopted the element yet (the mark expectHydrated waits for). */
const adopted = (control: Locator) => control.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));

/** Taps `control` the moment it shows, and checks the tap came before the app could have answered it. */
async function tapAtOnce(control: Locator) {
  await control.waitFor();
  expect(await adopted(control), 'the control is already the app\'s: this run would not test an early tap').toBe(false);
  await control.click({ noWaitAfter: true });
}

test.describe('a first tap before the app can answer is not lost (cheap phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('"Add to Cart" on /medicine', async ({ page }) => {
    await cheapPhone(page);
    await page.goto('/medicine', { waitUntil: 'commit' });
    const add = page.getByTestId('medicine-card').first().getByRole('button', { name: /Add to Cart/ });
    await tapAtOnce(add);
    // The tap is kept and says so until the app takes it.
    await expect.poll(async () => (await adopted(add)) || (await add.getAttribute('aria-busy')) === 'true').toBe(true);
    await expect(page.getByTestId('header-cart')).toContainText('1');
    await expect(add).not.toHaveAttribute('aria-busy');
    // Once: the cart holds one, not one per tap.
    await page.waitForTimeout(500);
    await expect(page.getByTestId('header-cart')).toContainText('1');
  });

  test('"Filters" on /doctors', async ({ page }) => {
    await cheapPhone(page);
    await page.goto('/doctors', { waitUntil: 'commit' });
    await tapAtOnce(page.getByRole('button', { name: 'Filters' }));
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  });

  test('a tap on the app\'s own controls goes straight through', async ({ page }) => {
    await page.goto('/doctors');
    await expectHydrated(page, '[data-testid="doctor-row"]');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters' })).not.toHaveAttribute('aria-busy');
  });
});
