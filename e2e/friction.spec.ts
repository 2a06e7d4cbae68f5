import AxeBuilder from '@axe-core/playwright';
import { test, expect, loginAs, chooseOption, apiToken } from './fixtures';
import { baseURL } from './playwright.config';

// Everyday friction, third walk: what a person still tripped over, each checked where it was fixed.

// PUBLIC_URL is 127.0.0.1 here; its development twin is localhost (config.ts appOrigins).
const twin = baseURL.replace('127.0.0.1', 'localhost');

test.describe('a payer opened at the other address', () => {
  test.use({ baseURL: twin });

  test('pays in the bKash sandbox, lands back on the page it came from with the cart emptied; a second tap leads there too', async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    await page.goto('/medicine?keyword=fexo');
    await page.getByTestId('medicine-card').filter({ hasText: 'Fexo' }).first().getByRole('button', { name: /Add to Cart/ }).click();
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

/** Whether the element is on the screen now (not above or below it). */
const inView = (locator: import('@playwright/test').Locator) => locator.evaluate((el) => {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight;
});

/** A field's error as antd shows it under the field (the page's live region repeats it for screen readers). */
const fieldError = (page: import('@playwright/test').Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });

test.describe('an error on a phone is brought to where the person is', () => {
  test('shipping: a missing field and the prescription photo each scroll into view with the focus', async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/medicine?keyword=zimax');
    await page.getByTestId('medicine-card').filter({ hasText: /^Zimax/ }).first().getByRole('button', { name: /Add to Cart/ }).click();
    await expect(page.getByTestId('header-cart')).toContainText('1');
    await page.goto('/shipping');
    await expect(page.getByTestId('rx-section')).toBeVisible();

    // Nothing filled: the first field is brought into view and focused (the button is far below it).
    await page.getByRole('button', { name: 'Confirm' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(fieldError(page, 'Choose bKash or Nagad')).toBeVisible();
    await expect.poll(() => inView(fieldError(page, 'Choose bKash or Nagad'))).toBe(true);
    await expect(page.getByLabel('Payment method')).toBeFocused();

    // Everything but the photo: the photo's own error, beside its button, which takes the focus.
    await chooseOption(page, 'Payment method', 'Bkash');
    await page.getByLabel('Location (house,road,sector)').fill('House 12, Road 5, Sector 7');
    await page.getByLabel('City').fill('Dhaka');
    await page.getByLabel('Phone No').fill('01712345678');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const photoError = fieldError(page, 'Add a photo of your prescription');
    await expect(photoError).toBeVisible();
    await expect.poll(() => inView(photoError)).toBe(true);
    await expect(page.getByRole('button', { name: 'Choose a picture' })).toBeFocused();
    await expect(page.getByTestId('shipping-incomplete')).toHaveCount(0);
  });

  test("the server's refusal lands beside its field: a phone that is not a Bangladeshi mobile", async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/medicine?keyword=napa');
    await page.getByTestId('medicine-card').first().getByRole('button', { name: /Add to Cart/ }).click();
    await expect(page.getByTestId('header-cart')).toContainText('1');
    await page.goto('/shipping');
    await chooseOption(page, 'Payment method', 'Bkash');
    await page.getByLabel('Location (house,road,sector)').fill('House 12, Road 5, Sector 7');
    await page.getByLabel('City').fill('Dhaka');
    await page.getByLabel('Phone No').fill('12345');
    await page.getByRole('button', { name: 'Confirm' }).click();
    // (The client's own message may still be fading out beside it: the server's is the one in view.)
    const phoneError = page.locator('.ant-form-item').filter({ has: page.getByLabel('Phone No') }).locator('.ant-form-item-explain-error', { hasText: 'Bangladeshi mobile number' });
    await expect(phoneError).toBeVisible();
    await expect(page.getByLabel('Phone No')).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Some fields are missing or not valid.' })).toHaveCount(0);
  });
});

test.describe('every error at its field', () => {
  test('contact, blood request, insurance and the doctor\'s video link say what is wrong beside the field, not "Some fields are missing"', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Jamal');
    await page.getByLabel('Email').fill('jamal@');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(fieldError(page, 'Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Some fields are missing or not valid.')).toHaveCount(0);

    await page.goto('/insurance');
    await page.getByRole('button', { name: 'Apply Insurance' }).click();
    await expect(fieldError(page, 'Enter your name')).toBeVisible();
    await page.getByLabel('Name').fill('Jamal');
    await page.getByLabel('Email').fill('jamal@example.com');
    await page.getByLabel('Phone').fill('12345');
    await page.getByText('Male', { exact: true }).click();
    await page.getByRole('button', { name: 'Apply Insurance' }).click();
    await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('Phone') }).locator('.ant-form-item-explain-error', { hasText: 'Bangladeshi mobile number' })).toBeVisible();
    await expect(page.getByText('Some fields are missing or not valid.')).toHaveCount(0);

    await loginAs(page, 'doctor@nirog.test', undefined, 'doctor');
    await page.goto('/doctor/set-url');
    await page.getByLabel('Meeting link').fill('not a link');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(fieldError(page, 'Enter a valid link')).toBeVisible();
    await expect(page.getByText('Some fields are missing or not valid.')).toHaveCount(0);
  });

  test('a name of 5,000 characters is refused beside the field with the limit, not "Too long" alone', async ({ page }) => {
    await loginAs(page, 'karim@nirog.test');
    await page.goto('/user/update/profile');
    await page.getByLabel('Name').fill('ক'.repeat(5000));
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(fieldError(page, 'Too long: at most 100 characters')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
  });
});

test.describe('a page opened from a link starts at its top', () => {
  test('from a footer link and from the admin\'s side menu', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await loginAs(page, 'admin@nirog.test');
    await page.setViewportSize({ width: 1366, height: 500 });
    await page.goto('/admin/alluser');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('menuitem', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit-log/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('a weight and a height as typed are said whole on the doctor\'s screen, in the screen\'s language', async ({ page, request }) => {
  // Booked as a Bangla keyboard types it, "৬৫" and "5.6", and paid at the sandbox (as global-setup.ts does).
  const token = await apiToken(request, 'nusrat@nirog.test');
  const found = (await (await request.get('/api/doctors?keyword=Ayesha')).json()) as { doctors: { id: string }[] };
  const problem = `Vitals as typed ${Date.now()}`;
  const booked = await request.post('/api/new/appointment', {
    headers: { Authorization: `Bearer ${token}` },
    data: { doctorId: found.doctors[0]!.id, name: 'Nusrat Jahan', age: 29, gender: 'Female', weight: '৬৫', height: '5.6', problem },
  });
  expect(booked.ok()).toBe(true);
  const paid = await request.post(new URL(((await booked.json()) as { url: string }).url).pathname, { form: { decision: 'approve', scenario: '' } });
  expect(paid.ok()).toBe(true);

  await loginAs(page, 'doctor@nirog.test', undefined, 'doctor');
  await page.goto('/doctor-booking');
  const card = page.getByTestId('appointment-card').filter({ hasText: problem }).first();
  await expect(card.getByTestId('patient-details')).toContainText(`Age 29 · Female · 65 kg · 5'6"`);
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(card.getByTestId('patient-details')).toContainText(`৬৫ কেজি · ৫'৬"`);
  // The account keeps the language it chose: back to English for the journeys after this one.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(card.getByTestId('patient-details')).toContainText('65 kg');
});

test.describe('no dead ends', () => {
  test('a rejected prescription order says Cancelled (not Awaiting payment) and orders again with a new photo', async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    await page.goto('/my-order');
    const card = page.getByTestId('order-card').filter({ hasText: 'too blurred to read' }).first();
    await expect(card).toContainText('Cancelled');
    await expect(card).not.toContainText('Awaiting payment');
    await card.getByRole('button', { name: 'Order again with a new photo' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line').filter({ hasText: 'Zimax' })).toBeVisible();
    await expect(page.getByTestId('cart-line').filter({ hasText: 'Napa' })).toBeVisible();
    await page.getByRole('button', { name: 'Check out' }).click();
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.getByTestId('rx-section')).toBeVisible();
    await expect(page.getByLabel('Photo of your prescription')).toBeAttached();
  });

  test('"For Doctors" tells a logged-in patient whose session it is and lets them log out to log in as a doctor', async ({ page }) => {
    await loginAs(page, 'karim@nirog.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'For Doctors' }).click();
    await expect(page).toHaveURL(/\/doctor\/login$/);
    await expect(page.getByText('You are logged in as Karim Uddin, with a patient account.')).toBeVisible();
    await page.getByRole('button', { name: 'Log out to log in as a doctor' }).click();
    await page.getByLabel('Email').fill('doctor@nirog.test');
    await page.getByLabel('Password').fill('nirog2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/doctor-booking$/);
  });
});

test('booking for "me", shipping and signing up ask nothing the account already knows', async ({ page }) => {
  await loginAs(page, 'patient@nirog.test');
  const found = (await (await page.request.get('/api/doctors?keyword=Ayesha')).json()) as { doctors: { id: string }[] };
  await page.goto(`/book-appointment?doctorId=${found.doctors[0]!.id}`);
  // Rahima Akter, born 1992-04-14, female (the demo profile)
  const today = new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);
  const age = Number(today.slice(0, 4)) - 1992 - (today.slice(5) < '04-14' ? 1 : 0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Rahima Akter');
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue(String(age));
  await expect(page.locator('.ant-form-item').filter({ has: page.getByLabel('Gender') })).toContainText('Female');

  await page.goto('/medicine?keyword=napa');
  await page.getByTestId('medicine-card').first().getByRole('button', { name: /Add to Cart/ }).click();
  await expect(page.getByTestId('header-cart')).toContainText('1');
  await page.goto('/shipping');
  await expect(page.getByLabel('Your Name')).toHaveValue('Rahima Akter');
  await expect(page.getByLabel('Phone No')).toHaveValue(/01712345678$/);
});

test("the admin's orders (/admin/user/order) show each order's status on a phone", async ({ page }) => {
  await loginAs(page, 'admin@nirog.test');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/user/order');
  const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(first).toBeVisible();
  const status = first.locator('.ant-tag').first();
  await expect(status).toHaveText(/Prescription check|Processing|Confirmed|Delivered|Cancelled/);
  // on the screen, inside the table: not beyond its right edge
  const [tag, table] = await Promise.all([status.boundingBox(), page.locator('.ant-table-container').first().boundingBox()]);
  expect(tag!.x + tag!.width).toBeLessThanOrEqual(Math.min(table!.x + table!.width, 390) + 1);
});

test('axe finds nothing serious on /, /doctors and /medicine in Bangla at 360 px, as a visitor opens them (no scrolling first)', async ({ page, context }) => {
  await context.addCookies([{ name: 'nirog.lang', value: 'bn', url: baseURL }]);
  await page.addInitScript(() => localStorage.setItem('nirog.lang', 'bn'));
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/doctors', '/medicine']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await page.evaluate(() => document.fonts.ready);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim()}`));
    expect(serious, path).toEqual([]);
  }
});
