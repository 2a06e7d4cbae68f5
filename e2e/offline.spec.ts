import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { chooseOption, expect, loginAs, logout, test, unique, verifyEmail } from './fixtures';

/**
 * A bad connection, on a cheap phone: 1.6 Mbps down, 750 kbps up, 150 ms round trips and a CPU four
 * times slower (Chrome's protocol, as DevTools' throttling does it), with the network cut and back:
 *
 * - a checkout whose answer is lost when the network drops: the patient gets one order, by Try again
 *   once back online (a payment is never sent by itself), with the same Idempotency-Key;
 * - a write offered to be sent when back online, and one given up, the form keeping what was typed;
 * - the app opening offline with the patient's records, PDF included, saying when they were saved,
 *   and nothing of them left after logout;
 * - installable (the check Lighthouse's installability audit ran, which Lighthouse 12 removed with
 *   its PWA category: Chrome's own Page.getInstallabilityErrors), named in both languages, with the
 *   service worker registered only after the page has loaded.
 */
const CHEAP_PHONE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

async function cheapPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', CHEAP_PHONE);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/**
 * Cuts the network of the whole context (pages and the service worker: Playwright's switch), or brings
 * the cheap phone's back. The throttling session says the same, or its conditions would win again
 * over Playwright's at the next page load.
 */
async function network(context: BrowserContext, cdp: CDPSession, up: boolean): Promise<void> {
  await context.setOffline(!up);
  await cdp.send('Network.emulateNetworkConditions', up ? CHEAP_PHONE : { offline: true, latency: 0, downloadThroughput: 0, uploadThroughput: 0 });
}

async function freshPatient(page: Page, name: string): Promise<{ email: string; password: string }> {
  const email = unique(name.toLowerCase().split(' ')[0]!);
  const password = 'slow-line-2026';
  const signup = await page.request.post('/api/register', { multipart: { name, email, password } });
  expect(signup.status()).toBe(200);
  return { email, password };
}

test.describe('a checkout on a connection that drops', () => {
  // The journey cuts the answer itself (page.route), which a service worker would bypass.
  test.use({ serviceWorkers: 'block' });

  test('the answer of Confirm is lost mid-checkout: the form keeps what was typed, Try again once back online places one order', async ({ page, context }) => {
    const { email, password } = await freshPatient(page, 'Salma Khatun');
    await loginAs(page, email, password);
    await verifyEmail(page);
    // A phone's width, and the keyboard alone for the offer.
    await page.setViewportSize({ width: 360, height: 740 });
    const cdp = await cheapPhone(page);
    await page.goto('/medicine?keyword=napa');
    await page.getByTestId('medicine-card').filter({ hasText: 'Napa' }).first().getByRole('button', { name: /Add to Cart/ }).click();
    await page.goto('/shipping');
    await chooseOption(page, 'Payment method', 'Bkash');
    await page.getByLabel('Your Name').fill('Salma Khatun');
    await page.getByLabel('Location (house,road,sector)').fill('House 4, Road 9, Mirpur 10');
    await page.getByLabel('City').fill('Dhaka');
    await page.getByLabel('Phone No').fill('01711223344');

    // The server places the order; its answer never reaches the phone, whose network is gone.
    const keys: string[] = [];
    let placed = '';
    await page.route('**/graphql', async (route) => {
      const request = route.request();
      if (!(request.postData() ?? '').includes('createOrder')) return route.continue();
      keys.push(request.headers()['idempotency-key'] ?? '');
      if (placed) return route.continue();
      const response = await route.fetch();
      placed = ((await response.json()) as { data: { createOrder: { order: { id: string } } } }).data.createOrder.order.id;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'Confirm' }).click();

    const offer = page.getByTestId('connection-offer');
    await expect(offer).toContainText('Not sent yet');
    await expect(offer).toContainText('A payment is only sent when you press Try again, once you are back online.');
    await expect(offer.getByRole('button', { name: 'Try again' })).toBeDisabled();
    await expect(offer).toBeFocused();
    await expect(page.getByTestId('connection-bar')).toContainText('You are offline.');
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="connection-offer"]').include('[data-testid="connection-bar"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    // What was typed is still there.
    await expect(page.getByLabel('Location (house,road,sector)')).toHaveValue('House 4, Road 9, Mirpur 10');
    await expect(page.getByLabel('Phone No')).toHaveValue('01711223344');

    await network(context, cdp, true);
    await expect(page.getByTestId('connection-bar')).toContainText('Back online.');
    const replayed = page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('createOrder'));
    await expect(offer.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await offer.focus();
    await page.keyboard.press('Tab');
    await expect(offer.getByRole('button', { name: 'Try again' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await (await replayed).allHeaders())['idempotent-replayed']).toBe('true');
    await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\//);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(keys[1]).toBe(keys[0]);
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('authentication')!) as { token: string }).token);
    const mine = await (await page.request.get('/api/orders/myorders', { headers: { Authorization: `Bearer ${token}` } })).json() as { orders: { _id: string }[] };
    expect(mine.orders.map((o) => o._id)).toEqual([placed]);
  });
});

test.describe('a write without a connection', () => {
  test('is offered to be sent when back online, and is sent once; one given up leaves the form as typed', async ({ page, context }) => {
    const { email, password } = await freshPatient(page, 'Ruma Begum');
    await loginAs(page, email, password);
    const cdp = await cheapPhone(page);
    await page.goto('/my/family');
    await expect(page.getByRole('heading', { name: 'Family members' })).toBeVisible();
    // The banner's code has arrived (the page is idle): it knows the connection from now on.
    await expect(page.getByTestId('connection-bar')).toBeAttached();
    await page.getByRole('button', { name: 'Add a family member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Amena Begum');
    await chooseOption(page, 'Relation to you', 'Mother');
    await dialog.getByLabel('Date of birth').fill('1961-04-12');
    await dialog.getByLabel('Date of birth').press('Enter');
    await dialog.getByLabel('Female').check();

    await network(context, cdp, false);
    await expect(page.getByTestId('connection-bar')).toContainText('You are offline.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const offer = page.getByTestId('connection-offer');
    await expect(offer).toContainText('There is no connection, so this was not sent. What you typed is kept.');
    // Given up: the form says why and keeps what was typed.
    await offer.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByText('No connection to Nirog. Check your internet and try again.')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('Amena Begum');

    // Sent when back online, by the patient's choice.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await offer.getByRole('button', { name: 'Send when back online' }).click();
    await expect(offer).toContainText('It will be sent as soon as the connection is back.');
    await network(context, cdp, true);
    await expect(page.getByText('Amena Begum is added to your family')).toBeVisible();
    await expect(page.getByTestId('family-list')).toContainText('Amena Begum');
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('family-list').getByText('Amena Begum')).toHaveCount(1);
  });
});

test.describe('the app without a connection', () => {
  test('opens offline with the patient\'s prescriptions (and their PDF), orders, consultations and family, says when they were saved, and keeps nothing after logout', async ({ page, context }) => {
    test.setTimeout(240_000);
    const cdp = await cheapPhone(page);
    await loginAs(page, 'patient@nirog.test');
    // The worker registers once a page has loaded and the browser is idle (docs/offline.md): what is read
    // before it takes charge of the page is not kept. The login is a light page now and quick, so the
    // lists are opened once the worker is in charge, as on any visit after the first seconds.
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 60_000 }).toBe(true);
    // Each page stays open until its answer is saved: the copy is written beside the render, and a
    // page.goto right after the first row (a full load, which no reader's tap within the app makes) can
    // end the document before the browser has stored it (a CI run on a loaded machine missed one).
    for (const [path, heading, rows, read] of [['/my-order', 'My orders', 'order-card', 'MyOrders'], ['/my-booking', 'Consultations History', 'appointment-card', 'MyAppointments'],
      ['/my/family', 'Family members', 'family-list', 'MyFamilyMembers'], ['/my-prescription', 'Previous Prescription History', 'prescription-card', 'MyPrescriptions']]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByTestId(rows).first()).toBeVisible();
      await expect.poll(() => page.evaluate(async (op) => (await caches.has('nirog-personal'))
        && (await (await caches.open('nirog-personal')).keys()).some((r) => r.url.includes(`/read/${op}?`)), read),
      { message: `${path}: the answer of ${read} saved on the device` }).toBe(true);
    }
    // The worker is in place with the patient's pages, the answers seen are saved, and the newest
    // prescriptions' PDFs are kept: what is still missing is named, so that a failure says which. The
    // PDFs come over the cheap phone's 1.6 Mbps, after the list, so this may take a while.
    let missing: string[] = [];
    await expect.poll(async () => (missing = await page.evaluate(async () => {
      const app = (await caches.keys()).find((k) => k.startsWith('nirog-app-'));
      const files = app ? (await (await caches.open(app)).keys()).map((r) => r.url) : [];
      const personal = (await caches.has('nirog-personal')) ? (await (await caches.open('nirog-personal')).keys()).map((r) => r.url) : [];
      return [
        ...(navigator.serviceWorker.controller ? [] : ['the worker in charge']),
        ...(files.some((u) => u.includes('MyOrdersPage')) ? [] : ['the orders page\'s code']),
        ...['MyOrders', 'MyAppointments', 'MyFamilyMembers', 'MyPrescriptions'].filter((read) => !personal.some((u) => u.includes(`/read/${read}?`))),
        ...(personal.some((u) => u.includes('/file/api/prescription/')) ? [] : ['a prescription\'s PDF']),
      ];
    })), { timeout: 120_000 }).toEqual([]).catch(() => {
      throw new Error(`Not kept on the device after two minutes: ${missing.join(', ')}`);
    });

    await network(context, cdp, false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Previous Prescription History' })).toBeVisible();
    const card = page.getByTestId('prescription-card').filter({ hasText: 'DEMRX-FRESH' });
    await expect(card).toContainText('Tab. Zimax 500 mg');
    await expect(page.getByTestId('connection-bar')).toContainText('You are offline.');
    await expect(page.getByTestId('connection-bar')).toContainText(/You are seeing what was saved on \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}/);
    // The PDFs kept are the newest prescriptions' (PDFS_KEPT): the first card's. (Earlier journeys write
    // prescriptions for the demo patient, so the seeded one above may no longer be among them.)
    const newest = page.getByTestId('prescription-card').first();
    const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('button', { name: 'Download' }).click()]);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');

    // Moving around offline, and opening other pages afresh.
    await page.getByRole('navigation', { name: 'Account' }).getByText('Family Members').click();
    await expect(page.getByTestId('family-list')).toBeVisible();
    for (const [path, heading, row] of [['/my-order', 'My orders', 'order-card'], ['/my-booking', 'Consultations History', 'appointment-card']]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByTestId(row).first()).toBeVisible();
      await expect(page.getByTestId('connection-bar')).toContainText('You are seeing what was saved on');
    }

    // In Bangla too.
    await page.evaluate(() => localStorage.setItem('nirog.lang', 'bn'));
    await page.reload();
    await expect(page.getByTestId('connection-bar')).toContainText('আপনি অফলাইনে আছেন।');
    await expect(page.getByTestId('connection-bar')).toContainText('রাখা তথ্য দেখছেন');
    await page.evaluate(() => localStorage.setItem('nirog.lang', 'en'));

    await network(context, cdp, true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Consultations History' })).toBeVisible();
    await logout(page);
    await expect.poll(() => page.evaluate(async () => ({
      personal: await caches.has('nirog-personal'),
      intents: sessionStorage.getItem('nirog.intents'),
      app: (await caches.keys()).some((k) => k.startsWith('nirog-app-')),
    }))).toEqual({ personal: false, intents: null, app: true });
    await network(context, cdp, false);
    await page.goto('/my-prescription');
    await expect(page).toHaveURL(/\/user-signin/);
    await expect(page.getByText('DEMRX-FRESH')).toHaveCount(0);
  });
});

test.describe('installable', () => {
  test('passes Chrome\'s installability check, is named in both languages, and registers its worker only after the page has loaded', async ({ playwright, baseURL }) => {
    // A profile of its own: Chrome never offers to install from an off-the-record one (Playwright's usual contexts).
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'nirog-install-'));
    const context = await playwright.chromium.launchPersistentContext(dir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', baseURL,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const page = context.pages()[0] ?? await context.newPage();
      await cheapPhone(page);
      await context.addInitScript(() => sessionStorage.setItem('nirog.splashSeen', '1'));
      const fromWorker: string[] = [];
      page.on('response', (r) => { if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname); });
      // When the page asks for its worker, against when its load ended.
      await context.addInitScript(() => {
        const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
        navigator.serviceWorker.register = (...args) => {
          (window as unknown as { workerAskedAt: number }).workerAskedAt = performance.now();
          return register(...args);
        };
      });
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 60_000 }).toBe(true);
      const { askedAt, loadEnd } = await page.evaluate(() => ({
        askedAt: (window as unknown as { workerAskedAt: number }).workerAskedAt,
        loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      }));
      expect(loadEnd).toBeGreaterThan(0);
      expect(askedAt).toBeGreaterThan(loadEnd);

      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const en = await cdp.send('Page.getAppManifest');
      expect(en.url).toMatch(/\/manifest\.webmanifest$/);
      expect(JSON.parse(en.data!)).toMatchObject({ name: 'Nirog · নীরোগ', short_name: 'Nirog', display: 'standalone', start_url: '/' });

      // A Bangla reader installs নীরোগ; the doctors' list, read by a page the worker controls, comes from the network.
      await page.evaluate(() => localStorage.setItem('nirog.lang', 'bn'));
      await page.goto('/doctors');
      await expect(page.getByTestId('doctor-row').first()).toBeVisible();
      await expect.poll(async () => (await cdp.send('Page.getAppManifest')).url, { timeout: 30_000 }).toMatch(/\/manifest\.bn\.webmanifest$/);
      expect(JSON.parse((await cdp.send('Page.getAppManifest')).data!)).toMatchObject({ name: 'নীরোগ · Nirog', short_name: 'নীরোগ', lang: 'bn' });
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

      // The worker answers the app's code, never the API: public lists keep their caching rules.
      expect(fromWorker.some((p) => p.startsWith('/assets/'))).toBe(true);
      expect(fromWorker.filter((p) => /^\/(api|graphql)/.test(p))).toEqual([]);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
