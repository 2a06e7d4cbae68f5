import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { baseURL } from './playwright.config';

/**
 * The splash as seen in this browser session: in the tab's sessionStorage (the client) and in the
 * session cookie (the server then sends the prerendered home page without it).
 */
export async function splashSeen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => sessionStorage.setItem('nirog.splashSeen', '1'));
  await context.addCookies([{ name: 'nirog.splashSeen', value: '1', url: baseURL }]);
}

/** Every journey starts with the splash already seen, so that it does not cover the first click. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await splashSeen(page.context());
    await use(page);
  },
});
export { expect };

export const DEMO_PASSWORD = 'nirog2026';

/** A demo account's access token, through the earlier client's login (POST /api/login). */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`POST /api/login as ${email} answered ${res.status()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function avatarPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 11, g: 122, b: 92 } } }).png().toBuffer();
}

export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD, door: 'patient' | 'doctor' = 'patient') {
  await page.goto(door === 'doctor' ? '/doctor/login' : '/user-signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export async function logout(page: Page) {
  const loggedOut = page.getByRole('link', { name: 'Log in', exact: true });
  // The user menu loads with antd on the first click and opens with a motion; a click on Logout
  // that lands while it is still settling is lost now and then (seen on a busy machine). Try again
  // as a person would, until the app shows the login link.
  await expect(async () => {
    if (await loggedOut.isVisible()) return;
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    if (!(await menu.isVisible())) await page.getByTestId('user-menu').click();
    await menu.getByRole('menuitem', { name: 'Logout' }).click({ timeout: 5_000 });
    await expect(loggedOut).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  // The app navigates to the login page once the server has ended the session; wait for that, or a
  // page.goto() right after could be overtaken by the late navigation.
  await expect(loggedOut).toBeVisible();
  await expect(page).toHaveURL(/\/(user-signin|doctor\/login)$/);
}

/** A notice (or anything on top) overlaps none of `others`, each of which is on the screen. */
export async function expectCoversNothing(page: Page, notice: Locator, others: Locator[]) {
  await expect.poll(async () => {
    const box = await notice.boundingBox();
    if (!box) return 'the notice is not on the screen';
    const covered: string[] = [];
    for (const other of others) {
      const o = await other.first().boundingBox();
      if (!o) return `${other} is not on the screen`;
      if (box.x < o.x + o.width && o.x < box.x + box.width && box.y < o.y + o.height && o.y < box.y + box.height) covered.push(String(other));
    }
    return covered.length ? `covers ${covered.join(', ')}` : 'covers nothing';
  }).toBe('covers nothing');
}

/** A screen "looks right" at a width when nothing sticks out sideways. */
/** Errors the page reports (uncaught, or logged as errors): a hydration that had to throw the server's markup away reports one. */
export function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/** Holds back the files matching `url` until the answered function is called, then lets them through. */
export async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until React has adopted the first element of `selector` (hydrated it): a catalogue's first
 * screen comes in the HTML (frontend/src/prerender.tsx), and its buttons answer only once the script
 * has run. Before, the page had no buttons at all until then, so a tap in that window is not lost
 * against what the page did before (a tap during hydration itself React replays).
 */
export async function expectHydrated(page: Page, selector: string) {
  await expect.poll(() => page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return el ? Object.keys(el).some((k) => k.startsWith('__reactFiber')) : false;
  }, selector)).toBe(true);
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

export const unique = (tag: string) => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}@example.com`;

/** A newly signed-up, logged-in patient verifies the email with the code from the development mailbox. */
export async function verifyEmail(page: Page) {
  await page.goto('/user/confirm/email');
  const mailbox = page.getByTestId('dev-mailbox');
  await expect(mailbox).toContainText('Verify your email for Nirog');
  const code = /^(\d{6})$/m.exec(await mailbox.locator('pre').first().innerText())![1]!;
  await page.getByPlaceholder('Enter Your 6 Digit Code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your email is verified').first()).toBeVisible();
}

/**
 * Picks an option of an antd Select by its label. A click that lands while the dropdown is still
 * animating in can miss, so it retries until the select shows the chosen value.
 */
export async function chooseOption(page: Page, label: string, option: string) {
  const input = page.getByLabel(label);
  const select = page.locator('.ant-select').filter({ has: input }).first();
  const exact = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(async () => {
    await input.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: exact }).first().click({ timeout: 2000 });
    await expect(select).toContainText(option, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * The fonts Chromium drew a node's text with (CSS.getPlatformFontsForNode): the family, whether it is a
 * web font the page loaded, and how many glyphs it drew.
 */
export async function fontsOf(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts as { familyName: string; isCustomFont: boolean; glyphCount: number }[];
}
