import { expect, test, holdBack, DEMO_PASSWORD } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/**
 * Issue 16: the main journeys by keyboard alone. Nothing here clicks: only Tab, Shift+Tab, Enter,
 * Space, arrows and typing, as someone without a mouse (or with a screen reader) moves.
 */

/** What has focus, in words for a failure message. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(nothing: the page itself)';
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` (or an element inside it) has focus; at most `max`
 * presses. Fails with the stops it went through, so a journey that cannot reach something says why.
 */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}) {
  await expect(target).toBeVisible();
  const seen: string[] = [];
  for (let n = 0; n < max; n++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await describeFocus(page));
  }
  if (await isFocused(target)) return;
  throw new Error(`${max} × ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}; focus went through:\n  ${seen.join('\n  ')}`);
}

/** The focused element draws a ring: an outline of some width in a colour that is not transparent. */
async function expectFocusRing(page: Page) {
  await expect.poll(async () => page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    // antd draws the ring of a field on its box (the input inside is borderless)
    const ringed = el.closest('.ant-select, .ant-input-affix-wrapper, .ant-input-number, .ant-picker') ?? el;
    const s = getComputedStyle(ringed);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && s.outlineColor !== 'rgba(0, 0, 0, 0)' ? 'ring' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
  }), { message: `focus ring on ${await describeFocus(page)}` }).toBe('ring');
}

/** From a fresh page: Tab reaches the skip link first, Enter jumps into <main>, Tab reaches `first`. */
async function skipToContent(page: Page, first: Locator) {
  await expect(first).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await expectFocusRing(page);
}

/** Picks an option of an antd Select that has focus: open with ArrowDown, move with arrows, Enter. */
async function chooseByKeyboard(page: Page, select: Locator, option: string) {
  await page.keyboard.press('ArrowDown');
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(list).toBeVisible();
  for (let n = 0; n < 10; n++) {
    const active = list.locator('.ant-select-item-option-active');
    if ((await active.count()) && (await active.innerText()).trim() === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(select).toContainText(option);
  // rc-select takes a Tab pressed while its list is still open as "choose the active option" and keeps
  // focus (its OptionList prevents the default): wait until the list has closed and focus is still on
  // the select, so the next Tab moves on as a person's would.
  await expect(list).toHaveCount(0);
  await expect.poll(async () => (await isFocused(select)) || describeFocus(page)).toBe(true);
}

/** Tab once and expect `target` to have focus; a failure names what has it instead. */
async function tabOnceTo(page: Page, target: Locator) {
  await page.keyboard.press('Tab');
  await expect.poll(async () => (await isFocused(target)) || describeFocus(page), { message: `one Tab to ${target}` }).toBe(true);
}

test.describe('keyboard only', () => {
  test('a patient logs in, finds a doctor, books a video consultation and pays in the sandbox, by keyboard alone', async ({ page }) => {
    await page.goto('/user-signin');
    const email = page.getByLabel('Email');
    await skipToContent(page, email);
    // Enter on the empty form: the errors show under the fields and are said in the live region
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('form-errors-live')).toHaveText(/Enter your email.*Enter your password/);
    await expect(page.getByRole('status').filter({ hasText: 'Enter your password' })).toHaveAttribute('aria-live', 'polite');
    await page.keyboard.type('patient@nirog.test');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-menu')).toBeVisible();

    await page.goto('/doctors');
    // The first field in <main> is the filter column's: its panel comes once the page has hydrated (the
    // server renders the column with its placeholder, not knowing the width), so it is waited for by name.
    await skipToContent(page, page.locator('aside.doctors-filters input').first());
    // The search box, by Tab through the filters
    const search = page.getByRole('combobox', { name: /speciality/ });
    await tabTo(page, search);
    await page.keyboard.type('Selina');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=Selina/);
    await expect(page.getByTestId('doctor-row')).toHaveCount(1);
    const doctor = page.getByRole('link', { name: /Selina Parveen/ });
    await tabTo(page, doctor);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /Selina Parveen/ })).toBeVisible();

    const seeNow = page.getByRole('link', { name: 'See Doctor Now' });
    await tabTo(page, seeNow);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('booking-fee')).toHaveText('৳ 800');
    await tabTo(page, page.getByLabel('Name'));
    await page.keyboard.type('Rahima Akter');
    await tabTo(page, page.getByLabel('Age', { exact: true }));
    await page.keyboard.type('34');
    await tabTo(page, page.getByLabel('Weight'));
    await page.keyboard.type('58 kg');
    await tabTo(page, page.getByLabel('Height'));
    await page.keyboard.type(`5'2"`);
    const gender = page.getByLabel('Gender');
    await tabTo(page, gender);
    await expectFocusRing(page);
    await chooseByKeyboard(page, page.locator('.ant-select').filter({ has: gender }), 'Female');
    await tabTo(page, page.getByLabel('Problem'));
    await page.keyboard.type('Chest pain while climbing stairs');
    await tabTo(page, page.getByRole('button', { name: 'Book and pay' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\//);
    const approve = page.getByRole('button', { name: 'Approve' });
    await tabTo(page, approve);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/payment\/successfull\/NRG/);
    await expect(page.getByText('Payment Success')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Continue' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('wait-room')).toBeVisible();
  });

  test('a visitor fills a cart, checks out, logs in on the way, fills shipping and pays in the sandbox, by keyboard alone', async ({ page }) => {
    await page.goto('/medicine');
    const search = page.getByPlaceholder(/Brand or generic/);
    await skipToContent(page, search);
    await page.keyboard.type('napa extra');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/keyword=napa/);
    const card = page.getByTestId('medicine-card').filter({ hasText: 'Napa Extra' }).first();
    const add = card.getByRole('button', { name: /Add to Cart/ });
    await tabTo(page, add);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Item Added to Cart').first()).toBeVisible();
    await expect(add).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('header-cart')).toContainText('2');
    // back up to the header's cart
    await tabTo(page, page.getByTestId('header-cart'), { back: true });
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-qty')).toHaveText('2');
    await tabTo(page, page.getByRole('button', { name: 'Check out' }));
    await expectFocusRing(page);
    await page.keyboard.press('Enter');

    // Checkout needs a login. Moving to another page puts focus on its <main>: one Tab to the first field.
    await expect(page).toHaveURL(/\/user-signin$/);
    await expect(page.locator('main#main')).toBeFocused();
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type('patient@nirog.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.getByTestId('cart-line')).toContainText('Napa Extra');

    // The payment method is the first field, an antd Select chosen with arrows and Enter; on a fresh
    // load of the page (no focus yet), the skip link leads to it.
    const method = page.getByLabel('Payment method');
    await expect(page.locator('main#main')).toBeFocused();
    await page.reload();
    await skipToContent(page, method);
    await chooseByKeyboard(page, page.locator('.ant-select').filter({ has: method }), 'Bkash');
    await tabOnceTo(page, page.getByLabel('Your Name'));
    await expectFocusRing(page);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Rahima Akter');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Location (house,road,sector)')).toBeFocused();
    await page.keyboard.type('House 12, Road 5, Sector 7');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('City')).toBeFocused();
    await page.keyboard.type('Dhaka');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Phone No')).toBeFocused();
    await page.keyboard.type('01712345678');
    // Who the medicine is for: the patient herself, as it is (a closed select lets Tab move on).
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Who is it for?')).toBeFocused();
    await expect(page.locator('.ant-select').filter({ has: page.getByLabel('Who is it for?') })).toContainText('Me (Rahima Akter)');
    await tabTo(page, page.getByRole('button', { name: 'Confirm' }));
    await expectFocusRing(page);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\//);
    await expect(page.getByText('৳ 110.00 BDT')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Approve' }));
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/order\/payment\/successfull\/NRG/);
    await expect(page.getByText('Payment Success')).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/my-order$/);
    await expect(page.getByTestId('order-card').first()).toContainText('Paid');
  });

  test('focus moved into a new page the moment it appears stays there (the move to <main> comes first)', async ({ page }) => {
    // A person who presses Tab as soon as the page they asked for appears. A move to another page is a
    // transition: the new page's chunk arrives and the page is put on screen in one commit. The app's
    // move of focus to <main> must belong to that commit; run after the paint, it took the field back
    // from under the reader (CI: the checkout's login typed its email into <main>). Here the field is
    // focused from a mutation observer, as soon as the commit that inserts it has ended, and the way is
    // the one CI took: the cart's Check out, sent on to the sign-in door, whose files are held back.
    await page.goto('/medicine?keyword=napa%20extra');
    const add = page.getByTestId('medicine-card').filter({ hasText: 'Napa Extra' }).first().getByRole('button', { name: /Add to Cart/ });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('header-cart')).toContainText('1');
    await tabTo(page, page.getByTestId('header-cart'), { back: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cart$/);
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        const email = document.querySelector<HTMLInputElement>('main input[name=email]');
        if (!email) return;
        observer.disconnect();
        email.focus();
      }).observe(document.body, { childList: true, subtree: true });
    });
    const release = await holdBack(page, /\/assets\/(PatientLoginPage|LoginForm)-/);
    await tabTo(page, page.getByRole('button', { name: 'Check out' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user-signin$/);
    await page.evaluate(() => new Promise((done) => setTimeout(done, 200)));
    release();
    const email = page.getByLabel('Email');
    await expect(email).toBeFocused();
    // Long enough for any later effect of the move to have run
    await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
    await expect(email).toBeFocused();
    await page.keyboard.type('patient@nirog.test');
    await expect(email).toHaveValue('patient@nirog.test');
  });

  test('dialogs take focus when they open and give it back to their opener when they close', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // The doctors' filter dialog (phone width)
    await page.goto('/doctors');
    const filters = page.getByRole('button', { name: 'Filters' });
    await skipToContent(page, page.getByRole('combobox', { name: /speciality/ }));
    await tabTo(page, filters);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab stays inside while it is open
    for (let n = 0; n < 30; n++) await page.keyboard.press('Tab');
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectFocusRing(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(filters).toBeFocused();

    // The header's phone menu (an antd Drawer)
    const menu = page.getByRole('button', { name: 'Menu' });
    await tabTo(page, menu, { back: true });
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect.poll(() => drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await tabTo(page, drawer.getByRole('link', { name: 'Order Medicine' }));
    await expectFocusRing(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    // ... and a link chosen in it leads to its page, with focus on that page's main
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await tabTo(page, page.getByRole('dialog').getByRole('link', { name: 'Order Medicine' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/medicine$/);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  test('every page has a skip link first, landmarks, one h1, and a focus ring (pictures at 1280 and 360 px)', async ({ page }) => {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      for (const path of ['/', '/user-signin', '/doctors', '/medicine']) {
        await page.goto(path);
        await expect(page.locator('main#main')).toBeVisible();
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page.getByRole('banner')).toHaveCount(1);
        await expect(page.getByRole('contentinfo')).toHaveCount(1);
        await expect(page.getByRole('main')).toHaveCount(1);
        if (width > 400) await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        // The skip link shows only when focused, and is the first stop
        const skip = page.getByRole('link', { name: 'Skip to content' });
        await expect(skip).not.toBeInViewport();
        await page.keyboard.press('Tab');
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport();
        if (path === '/user-signin') await page.screenshot({ path: test.info().outputPath(`skip-link-${width}.png`) });
      }
      // Links of the header, the login form and the footer draw a ring (antd's reset once took it away)
      await page.goto('/user-signin');
      await expect(page.getByLabel('Email')).toBeVisible();
      for (const link of [page.getByRole('link', { name: 'Cart' }), page.getByRole('link', { name: /Forgot password/ }), page.getByRole('contentinfo').getByRole('link').first()]) {
        await tabTo(page, link, { max: 60 });
        await expectFocusRing(page);
      }
      await tabTo(page, page.getByRole('link', { name: /Forgot password/ }), { back: true });
      await page.screenshot({ path: test.info().outputPath(`focus-ring-${width}.png`) });
    }
    // In Bangla, by the header's language switch (a keyboard reaches it too)
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.locator('main#main h1')).toBeVisible();
    await tabTo(page, page.getByTestId('lang-switch'));
    await page.keyboard.press('Enter');
    await page.goto('/medicine');
    await expect(page.locator('main#main h1')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'মূল অংশে যান' })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'প্রধান' })).toBeVisible();
    // pictures are described in the page's language
    await expect(page.getByTestId('medicine-card').first().locator('img')).toHaveAttribute('alt', /-এর প্যাকেট$/);
  });
});
