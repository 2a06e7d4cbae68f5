import type { Page } from '@playwright/test';
import { test, expect, errorsOf, loginAs } from './fixtures';

// Issue #22: the home page comes prerendered (frontend/src/prerender.tsx, written by the build; sent by
// backend/src/common/spa-preloads.ts in the language of the nirog.lang cookie) and the client hydrates it.

/** A mark on the page's window: it survives a move inside the app, not a full page load. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { nirogMark: number }).nirogMark = 1));
const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { nirogMark?: number }).nirogMark === 1);

test.describe('the home page, prerendered', () => {
  test('its first screen is in the HTML, before any script: English, or Bangla by the cookie; the splash on the first visit', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your doctor, nurse and medicine, a tap away' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Appointment' })).toHaveAttribute('href', '/doctors');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // A browser session's first visit: the splash is in the HTML, and its stylesheet ends it at 2 s with no script.
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5_000 });
    await context.addCookies([{ name: 'nirog.lang', value: 'bn', url: baseURL! }, { name: 'nirog.splashSeen', value: '1', url: baseURL! }]);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByTestId('splash')).toHaveCount(0);
    const response = await page.request.get('/');
    expect(response.headers()['vary']).toMatch(/Cookie/);
    await context.close();
  });

  test('a visitor on a first visit: hydrated without a mismatch, the splash shown, the sections filled, links move inside the app', async ({ browser, baseURL }) => {
    // No splashSeen here: the splash is part of this test.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto('/');
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5_000 });
    await expect(page.getByTestId('best-doctor')).toHaveCount(4);
    // Seen for this browser session: the server's next home page comes without it.
    expect(await (await page.request.get('/')).text()).not.toContain('data-testid="splash"');
    await markWindow(page);
    await page.getByRole('link', { name: 'Get Appointment' }).click();
    await expect(page).toHaveURL(/\/doctors$/);
    await expect(page.getByTestId('doctor-row').first()).toBeVisible();
    expect(await windowMarked(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a logged-in patient with a cart: hydrated as a visitor, then their own header at once, without a mismatch', async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    await page.evaluate(() => localStorage.setItem('cart', JSON.stringify([{ id: 'x', name: 'Napa', pricePoisha: 1000, quantity: 3 }])));
    const errors = errorsOf(page);
    await page.goto('/');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByTestId('header-cart')).toContainText('3');
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);
    await markWindow(page);
    await page.getByRole('link', { name: 'Learn more' }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(await windowMarked(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a reader who switches to Bangla gets the Bangla home page from the server from then on', async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto('/');
    await expect(page.getByTestId('best-doctor')).toHaveCount(4);
    await page.getByTestId('lang-switch').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই');
    expect((await page.context().cookies()).find((c) => c.name === 'nirog.lang')?.value).toBe('bn');
    expect(await (await page.request.get('/')).text()).toContain('data-prerendered="bn"');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই');
    await expect(page.getByTestId('best-doctor')).toHaveCount(4);
    // Back to English for the other tests of this context.
    await page.getByTestId('lang-switch').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your doctor, nurse and medicine, a tap away');
    expect(errors).toEqual([]);
  });

  test('a reader with the Bangla cookie and no choice in localStorage: the app runs in Bangla too, without a mismatch, and the cookie stays Bangla', async ({ page, baseURL }) => {
    // The server renders from the cookie; the app once started in English over it and wrote English back.
    await page.context().addCookies([{ name: 'nirog.lang', value: 'bn', url: baseURL! }]);
    const errors = errorsOf(page);
    await page.goto('/');
    await expect(page.getByTestId('best-doctor')).toHaveCount(4);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    expect((await page.context().cookies()).find((c) => c.name === 'nirog.lang')?.value).toBe('bn');
    expect(errors).toEqual([]);
  });

  test('a reader whose Bangla predates the cookie gets it set, and a page the server sent in English is built in Bangla', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('nirog.lang', 'bn'));
    const errors = errorsOf(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই');
    expect((await page.context().cookies()).find((c) => c.name === 'nirog.lang')?.value).toBe('bn');
    expect(errors).toEqual([]);
  });
});

test.describe('the splash of a page the client renders (the server puts it in the HTML)', () => {
  test('on a first visit /cart paints it before any script, and its stylesheet ends it at 2 s', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await context.addCookies([{ name: 'nirog.lang', value: 'bn', url: baseURL! }]);
    await page.goto('/cart');
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page.getByTestId('splash')).toHaveText(/নীরোগ/);
    await expect(page.getByTestId('splash')).toBeHidden({ timeout: 5_000 });
    // Seen (the cookie the app sets): no splash in the HTML any more.
    await context.addCookies([{ name: 'nirog.splashSeen', value: '1', url: baseURL! }]);
    expect(await (await page.request.get('/cart')).text()).not.toContain('data-testid="splash"');
    await context.close();
  });

  test('with its scripts: the one splash is adopted (not drawn again), a tap ends it, and the page works under it', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto('/cart');
    await expect(page.getByTestId('splash')).toBeVisible();
    // The app has started (the cart's heading) and drew no second splash over the server's.
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await expect(page.getByTestId('splash')).toHaveCount(1);
    await page.getByTestId('splash').click();
    await expect(page.getByTestId('splash')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('nirog.splashSeen'))).toBe('1');
    // The next page of the session comes without it, and the app draws none either.
    await page.goto('/nurses');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('splash')).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('left alone, it ends at 2 s from the page\'s start, and the app removes it', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/user-signin');
    await expect(page.getByTestId('splash')).toBeVisible();
    await expect(page.getByTestId('splash')).toHaveCount(0, { timeout: 5_000 });
    await page.getByRole('textbox').first().click();
    await context.close();
  });
});
