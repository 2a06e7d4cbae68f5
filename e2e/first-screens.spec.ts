import type { Page } from '@playwright/test';
import { test, expect, errorsOf, expectHydrated, expectNoHorizontalScroll, holdBack, loginAs } from './fixtures';

// /doctors, /medicine, /nurses and a doctor's page, opened at their bare address, come with their
// first screen rendered by the server from their first read (frontend/src/prerender.tsx,
// `renderScreen`; backend/src/common/spa-preloads.ts) and the Apollo cache of that render; the app
// hydrates the rows from it (main.tsx, lib/apollo.ts).

/**
 * Marks the elements of `selector` as the HTML parsed them, before any script of the page has run
 * (the document is `interactive` before its module scripts run): a property, not an attribute, so
 * React does not see it. An element that still has it after hydration is the server's, adopted.
 */
async function markServerElements(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      for (const el of document.querySelectorAll(sel)) (el as unknown as { nirogServer: boolean }).nirogServer = true;
    });
  }, selector);
}
const allFromServer = (page: Page, selector: string) => page.evaluate((sel) => {
  const found = [...document.querySelectorAll(sel)];
  return found.length > 0 && found.every((el) => (el as unknown as { nirogServer?: boolean }).nirogServer === true);
}, selector);

/** GraphQL requests of an operation. */
function requestsOf(page: Page, operation: string): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`operationName=${operation}&`) || (r.method() === 'POST' && r.postData()?.includes(`"operationName":"${operation}"`))) urls.push(r.url());
  });
  return urls;
}

test.describe("a catalogue's first screen, rendered by the server", () => {
  test('the rows are in the HTML before any script: /doctors, /medicine and a doctor\'s page; Bangla by the cookie', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    await context.addCookies([{ name: 'nirog.splashSeen', value: '1', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/doctors');
    await expect(page.getByRole('heading', { level: 1, name: 'Doctors' })).toBeVisible();
    await expect(page.getByTestId('doctor-row')).toHaveCount(10);
    const profile = await page.getByTestId('doctor-row').first().getByRole('link').first().getAttribute('href');
    // On a phone, styled by the page's own stylesheet before any script (it is applied, not only preloaded).
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/medicine');
    await expect(page.getByTestId('medicine-card').first()).toBeVisible();
    expect(await page.getByTestId('medicine-card').count()).toBeGreaterThan(10);
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(profile!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.addCookies([{ name: 'nirog.lang', value: 'bn', url: baseURL! }]);
    await page.goto('/doctors');
    await expect(page.getByRole('heading', { level: 1, name: 'ডাক্তার' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    // A query string is the client's to read: no first screen in the HTML.
    await page.goto('/doctors?page=2');
    await expect(page.getByTestId('doctor-row')).toHaveCount(0);
    expect((await page.request.get('/doctors')).headers()['vary']).toMatch(/Cookie/);
    await context.close();
  });

  for (const { path, row, operation } of [
    { path: '/doctors', row: '[data-testid="doctor-row"]', operation: 'Doctors' },
    { path: '/medicine', row: '[data-testid="medicine-card"]', operation: 'Medicines' },
    { path: '/nurses', row: 'article.nurse-card', operation: 'Nurses' },
  ]) {
    test(`${path}: hydrated without a mismatch, keeping the server's rows, without asking for them again`, async ({ page }) => {
      await markServerElements(page, row);
      const errors = errorsOf(page);
      const asked = requestsOf(page, operation);
      await page.goto(path);
      await expect(page.locator(row).first()).toBeVisible();
      // Hydrated (React's marks on the row) and the rows are the server's elements.
      await expectHydrated(page, row);
      expect(await allFromServer(page, row)).toBe(true);
      expect(asked).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test('a search sent before the script has run still searches: the form works as plain HTML', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/medicine');
    await page.getByRole('searchbox').or(page.getByPlaceholder(/Brand or generic/)).first().fill('napa extra');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/medicine\?keyword=napa\+extra$/);
    await page.goto('/doctors');
    await page.getByRole('search').getByRole('combobox').fill('dilruba');
    await page.getByRole('search').getByRole('button').click();
    await expect(page).toHaveURL(/\/doctors\?q=dilruba$/);
    await context.close();
  });

  test('words typed before the page has hydrated are the ones searched once it has', async ({ page }) => {
    // The page's chunk is held back until the words are typed into the server's box, then let through.
    const release = await holdBack(page, /\/assets\/MedicinePage-[\w-]+\.js$/);
    await page.goto('/medicine', { waitUntil: 'domcontentloaded' });
    await page.getByPlaceholder(/Brand or generic/).fill('napa extra');
    release();
    await expectHydrated(page, '[data-testid="medicine-card"]');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/medicine\?keyword=napa\+extra$/);
    await expect(page.getByTestId('medicine-card').filter({ hasText: 'Napa Extra' }).first()).toBeVisible();
  });

  test("a logged-in reader's first screen stays the server's: the session arriving draws nothing again", async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    const card = '[data-testid="medicine-card"]';
    await markServerElements(page, card);
    // The page's chunk is held back: the shell starts, learns the session and draws the header for it
    // while the catalogue's first screen is still the server's, not yet hydrated.
    const release = await holdBack(page, /\/assets\/MedicinePage-[\w-]+\.js$/);
    await page.goto('/medicine', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('user-menu')).toBeVisible(); // the session is known, and drawn
    release();
    await expectHydrated(page, card);
    // Adopted, not drawn again: a layout that re-rendered around the page here made React discard the
    // page's server markup for its fallback (the first screen blanked, and a tap on it was lost).
    expect(await allFromServer(page, card)).toBe(true);
    await page.getByTestId('medicine-card').first().getByRole('button', { name: /Add to Cart/ }).click();
    await expect(page.getByTestId('header-cart')).toContainText('1');
  });

  test("a doctor's page: hydrated without a mismatch from its first screen, and the next page of the list is asked for", async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto('/doctors');
    const href = await page.getByTestId('doctor-row').first().getByRole('link').first().getAttribute('href');
    const asked = requestsOf(page, 'DoctorDetail');
    await markServerElements(page, 'h1');
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectHydrated(page, 'h1');
    expect(await allFromServer(page, 'h1')).toBe(true);
    expect(asked).toEqual([]);
    // The list's other pages still come from the server, once hydrated.
    const listAsked = requestsOf(page, 'Doctors');
    await page.goto('/doctors');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => listAsked.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

test.describe("what a first-load page names in its head", () => {
  /** The files a page fetches (by path, each time it fetches one) and the browser's warnings about its preloads. */
  function watch(page: Page) {
    const fetched: string[] = [];
    const warnings: string[] = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/assets/')) fetched.push(new URL(r.url()).pathname); });
    page.on('console', (m) => { if (/preload/i.test(m.text())) warnings.push(m.text()); });
    return { fetched, warnings, twice: () => fetched.filter((f, i) => fetched.indexOf(f) !== i) };
  }

  for (const path of ['/doctors', '/doctors?page=2', '/medicine', '/cart', '/']) {
    test(`${path}: every preload is used, and no file is fetched twice`, async ({ page }) => {
      const seen = watch(page);
      await page.goto(path, { waitUntil: 'load' });
      await expect(page.locator('main').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      // Chromium warns of an unused preload a few seconds after the load event.
      await page.waitForTimeout(3_500);
      // Each named, so that a failure says which (and with what) in CI's one-line summary.
      expect(seen.twice(), `fetched twice on ${path}`).toEqual([]);
      expect(seen.warnings, `the browser's warnings about preloads on ${path}`).toEqual([]);
    });
  }

  test("a first screen names its language's Bengali faces in its head, the very files fonts.css loads, fetched once", async ({ page, browser, baseURL }) => {
    const fonts = (html: string) => [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" href="([^"]+)" crossorigin>/g)].map((m) => m[1]);
    const english = fonts(await (await page.request.get('/doctors')).text());
    expect(fonts(await (await page.request.get('/')).text())).toEqual(english);
    expect(english).toEqual([expect.stringMatching(/^\/assets\/nirog-bengali-label-400-[\w-]+\.woff2$/), expect.stringMatching(/^\/assets\/nirog-bengali-label-700-[\w-]+\.woff2$/)]);
    const seen = watch(page);
    await page.goto('/doctors');
    await page.evaluate(() => document.fonts.ready);
    expect(seen.fetched.filter((f) => f.endsWith('.woff2')).sort()).toEqual([...english].sort());

    // A Bangla reader, in a browser of their own (as setLanguage keeps the language: cookie and localStorage).
    const context = await browser.newContext({ baseURL });
    await context.addCookies([{ name: 'nirog.lang', value: 'bn', url: baseURL! }]);
    await context.addInitScript(() => localStorage.setItem('nirog.lang', 'bn'));
    const reader = await context.newPage();
    const bangla = fonts(await (await reader.request.get('/doctors')).text());
    expect(fonts(await (await reader.request.get('/')).text())).toEqual(bangla);
    expect(bangla).toEqual([expect.stringMatching(/^\/assets\/noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/), expect.stringMatching(/^\/assets\/noto-sans-bengali-bengali-700-normal-[\w-]+\.woff2$/)]);
    const seenInBangla = watch(reader);
    await reader.goto('/doctors');
    await expect(reader.locator('html')).toHaveAttribute('lang', 'bn');
    await reader.evaluate(() => document.fonts.ready);
    expect(seenInBangla.fetched.filter((f) => f.endsWith('.woff2')).sort()).toEqual([...bangla].sort());
    expect(seenInBangla.twice()).toEqual([]);
    await reader.waitForTimeout(3_500); // an unused preload is warned of a few seconds after the load event
    expect(seenInBangla.warnings).toEqual([]);
    await context.close();
  });
});
