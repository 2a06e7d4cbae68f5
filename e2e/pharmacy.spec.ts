import type { Page } from '@playwright/test';
import { expect, expectHydrated, expectNoHorizontalScroll, loginAs, logout, test, unique, verifyEmail, chooseOption } from './fixtures';

test('a visitor fills a cart, logs in, pays with bKash in the sandbox, sees the order; an admin delivers it', async ({ page }) => {
  await page.goto('/medicine');
  await page.getByPlaceholder(/Brand or generic/).fill('napa extra');
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByTestId('medicine-card').filter({ hasText: 'Napa Extra' }).first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(page.getByText('Item Added to Cart').first()).toBeVisible();
  await card.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(page.getByTestId('header-cart')).toContainText('2');

  await page.getByTestId('header-cart').click();
  await expect(page).toHaveURL(/\/cart$/);
  // the strength, as the catalogue showed it, in the cart, the Order Review, My orders and the admin's orders (issue 17)
  await expect(page.getByTestId('cart-line')).toContainText('Napa Extra 500 mg + 65 mg');
  await expect(page.getByTestId('cart-qty')).toHaveText('2');
  await expect(page.getByTestId('cart-total')).toHaveText('৳ 110'); // 2 × 25 + 60 shipping
  await page.getByRole('button', { name: 'Check out' }).click();

  // Checkout needs a login; the cart is still there afterwards.
  await expect(page).toHaveURL(/\/user-signin$/);
  await page.getByLabel('Email').fill('patient@nirog.test');
  await page.getByLabel('Password').fill('nirog2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByRole('heading', { name: 'Order Review' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toContainText('Napa Extra');

  await expect(page.getByTestId('cart-line')).toContainText('Napa Extra 500 mg + 65 mg');

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please enter your details')).toBeVisible();
  // Every missing field is marked, the method included (nothing is chosen for the patient).
  await expect(page.getByText('Choose bKash or Nagad', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter the city', { exact: true })).toBeVisible();

  await chooseOption(page, 'Payment method', 'Bkash');
  await page.getByLabel('Your Name').fill('Rahima Akter');
  await page.getByLabel('Location (house,road,sector)').fill('House 12, Road 5, Sector 7');
  await page.getByLabel('City').fill('Dhaka');
  await page.getByLabel('Phone No').fill('01712345678');
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The sandbox gateway's hosted page
  await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\/TR0011/);
  await expect(page.getByText('৳ 110.00 BDT')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/order\/payment\/successfull\/NRG/);
  await expect(page.getByText('Payment Success')).toBeVisible();
  await expect(page.getByTestId('header-cart')).not.toContainText('2');
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/my-order$/);
  const order = page.getByTestId('order-card').first();
  await expect(order).toContainText('Napa Extra 500 mg + 65 mg');
  await expect(order).toContainText('Quantity 2 (strip)');
  await expect(order).toContainText('Total Price 50.00 BDT');
  await expect(order).toContainText('Paid');
  await logout(page);

  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin/user/order');
  const row = page.locator('tr').filter({ hasText: 'Napa Extra 500 mg + 65 mg' }).filter({ hasText: 'Processing' }).first();
  await row.getByTestId('order-status').click();
  await chooseOption(page, 'Choose a new status', 'Confirmed');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Order status updated')).toBeVisible();
  const confirmed = page.locator('tr').filter({ hasText: 'Napa Extra' }).filter({ hasText: 'Confirmed' }).first();
  await confirmed.getByTestId('order-status').click();
  await chooseOption(page, 'Choose a new status', 'Delivered');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.locator('tr').filter({ hasText: 'Napa Extra' }).filter({ hasText: 'Delivered' }).first()).toBeVisible();
});

/** The stock of the medicines a keyword finds, added up, as the catalogue answers it now. */
async function stockOf(page: Page, keyword: string): Promise<number> {
  const res = await page.request.post('/graphql', { data: { query: 'query($k: String) { medicines(keyword: $k, pageSize: 20) { items { stock } } }', variables: { k: keyword } } });
  expect(res.status()).toBe(200);
  return ((await res.json()).data.medicines.items as { stock: number }[]).reduce((sum, m) => sum + m.stock, 0);
}

test('a payer who cancels in the sandbox lands on the failure page and the stock comes back', async ({ page }) => {
  // A patient of its own: other journeys change the demo accounts.
  const email = unique('karim');
  const signup = await page.request.post('/api/register', { multipart: { name: 'Karim Uddin', email, password: 'pill-box-2026' } });
  expect(signup.status()).toBe(200);
  await loginAs(page, email, 'pill-box-2026');
  // Ordering waits for a verified email.
  await verifyEmail(page);
  await page.goto('/medicine?keyword=fexo');
  const card = page.getByTestId('medicine-card').filter({ hasText: 'Fexo' }).first();
  const stockBefore = await card.getByText(/In stock/).textContent();
  const unitsBefore = await stockOf(page, 'fexo');
  await card.getByRole('button', { name: /Add to Cart/ }).click();
  await page.goto('/shipping');
  await chooseOption(page, 'Payment method', 'Bkash');
  await page.getByLabel('Your Name').fill('Karim Uddin');
  await page.getByLabel('Location (house,road,sector)').fill('Flat 3B, Road 27, Dhanmondi');
  await page.getByLabel('City').fill('Dhaka');
  await page.getByLabel('Phone No').fill('01819876543');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\//);
  // While the checkout is open the order holds its unit: nobody else can buy it.
  expect(await stockOf(page, 'fexo')).toBe(unitsBefore - 1);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/order\/payment\/failed\//);
  await expect(page.getByText('Payment cancelled')).toBeVisible();
  expect(await stockOf(page, 'fexo')).toBe(unitsBefore);
  await page.goto('/medicine?keyword=fexo');
  await expect(page.getByTestId('medicine-card').filter({ hasText: 'Fexo' }).first().getByText(/In stock/)).toHaveText(stockBefore!);
});

test('the catalogue and the cart fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/medicine');
  await expect(page.getByTestId('medicine-card').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectHydrated(page, '[data-testid="medicine-card"]');
  await page.getByTestId('medicine-card').first().getByRole('button', { name: /Add to Cart/ }).click();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto('/medicine?keyword=zzzqqq');
  await expect(page.getByText('No Medicine Found')).toBeVisible();
});
