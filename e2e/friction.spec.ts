import { test, expect, loginAs, chooseOption } from './fixtures';
import { baseURL } from './playwright.config';

// Everyday friction, third walk: what a person still tripped over, each checked where it was fixed.

// PUBLIC_URL is 127.0.0.1 here; its development twin is localhost (config.ts appOrigins).
const twin = baseURL.replace('127.0.0.1', 'localhost');

test.describe('a payer opened at the other address', () => {
  test.use({ baseURL: twin });

  test('pays in the bKash sandbox, lands back on the page it came from with the cart emptied; a second tap leads there too', async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    await page.goto('/medicine?keyword=monas');
    await page.getByTestId('medicine-card').filter({ hasText: 'Monas' }).first().getByRole('button', { name: /Add to Cart/ }).click();
    await expect(page.getByTestId('header-cart')).toContainText('1');
    await page.goto('/shipping');
    await chooseOption(page, 'Payment method', 'Bkash');
    await page.getByLabel('Location (house,road,sector)').fill('House 12, Road 5, Sector 7');
    await page.getByLabel('City').fill('Dhaka');
    await page.getByLabel('Phone No').fill('01712345678');
    await page.getByRole('button', { name: 'Confirm' }).click();

    // The provider's page lives at PUBLIC_URL; the way back leads to where the payer started.
    await expect(page).toHaveURL(/127\.0\.0\.1.*\/sandbox\/bkash\/checkout\//);
    const sandbox = page.url();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) blocked.push(m.text());
    });
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(new RegExp(`^${twin}/order/payment/successfull/NRG`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Success' })).toBeVisible();
    await expect(page.getByTestId('header-cart')).not.toContainText('1');
    const landed = page.url();
    expect(blocked).toEqual([]);

    // Back to the provider's page (the Back button, a second tab): it says what happened and leads back.
    await page.goto(sandbox);
    await expect(page.getByRole('heading', { name: 'This payment is already approved' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Nirog' }).click();
    await expect(page).toHaveURL(landed);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Success' })).toBeVisible();
  });
});
