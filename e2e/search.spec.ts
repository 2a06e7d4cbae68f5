import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { baseURL } from './playwright.config';
import { chooseOption, expect, expectNoHorizontalScroll, holdBack, loginAs, test } from './fixtures';

/**
 * Search as Bangladesh types, in the browser: the suggestions as one types on /doctors, /medicine and
 * the home page, by keyboard alone, in Bangla and English, read by axe at a phone's width; "did you
 * mean"; and an admin's new search word found at once.
 */
async function inBangla(page: Page) {
  await page.addInitScript(() => localStorage.setItem('nirog.lang', 'bn'));
  await page.context().addCookies([{ name: 'nirog.lang', value: 'bn', url: baseURL }]);
}

/** axe on the page's main content (the search and its list; e2e/a11y.spec.ts reads every whole page). */
async function seriousAxe(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('search as Bangladesh types', () => {
  test('on Bangla /doctors at 360 px: হৃদরোগ typed, the speciality chosen by keyboard, cardiologists listed', async ({ page }) => {
    await inBangla(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/doctors');
    const box = page.getByRole('combobox', { name: /বিশেষজ্ঞতা/ });
    await box.focus();
    await page.keyboard.type('হৃদরোগ');
    const list = page.getByRole('listbox', { name: 'পরামর্শ' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // How many, in Bangla digits, for a screen reader.
    await expect(page.getByRole('search').getByRole('status')).toHaveText(/^[০-৯]+টি পরামর্শ$/);
    await expect(list.getByRole('option').first()).toContainText('হৃদরোগ');
    await expectNoHorizontalScroll(page);
    expect(await seriousAxe(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /-0$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/doctors\?speciality=Cardiology/);
    await expect(page.getByTestId('doctor-row').first()).toContainText('হৃদরোগ');
  });

  test('a complaint in English: "chest pain" lists cardiologists first; Escape closes the list', async ({ page }) => {
    await page.goto('/doctors');
    const box = page.getByRole('combobox', { name: /speciality/ });
    await box.focus();
    await page.keyboard.type('chest pai');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(list.getByRole('option', { name: /Cardiology.*chest pain/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.type('n');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=chest\+pain/);
    await expect(page.getByTestId('doctor-row').first()).toContainText('Cardiology');
    expect(await seriousAxe(page)).toEqual([]);
  });

  test('words typed into the first screen before the page has started are suggested for once it has', async ({ page }) => {
    // The app's script is held back while a reader focuses the server's box and types (a phone's reader
    // does so at once): the app has seen neither the focus nor the words (React replays what reaches it
    // once it has started, not what came before).
    const release = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
    await page.goto('/doctors', { waitUntil: 'commit' }); // the document is parsed once the script has run
    const box = page.getByRole('combobox', { name: /speciality/ });
    await box.focus();
    await page.keyboard.type('chest pai');
    release();
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /Cardiology.*chest pain/ })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  test('"did you mean" when nothing matches, in both languages', async ({ page }) => {
    await page.goto('/doctors?q=gynocologist');
    await expect(page.getByText('No Doctors Found')).toBeVisible();
    await page.getByRole('link', { name: 'Gynecology' }).click();
    await expect(page).toHaveURL(/q=Gynecology/);
    await expect(page.getByTestId('doctor-row').first()).toContainText('Gynecology');
    await inBangla(page);
    await page.goto('/medicine?keyword=paractemol');
    await expect(page.getByText('আপনি কি খুঁজছেন:')).toBeVisible();
    await page.getByRole('link', { name: 'Paracetamol' }).click();
    await expect(page.getByTestId('medicine-card').first()).toBeVisible();
  });

  test('a brand in Bangla script on Bangla /medicine: নাপা suggested, opened, named in Bangla', async ({ page }) => {
    await inBangla(page);
    await page.goto('/medicine');
    const box = page.getByRole('combobox', { name: 'খুঁজুন' });
    await box.focus();
    await page.keyboard.type('নাপা');
    const napa = page.getByRole('option', { name: /^নাপা 500 mg/ });
    await expect(napa).toBeVisible();
    await expect(napa).toContainText('৳ ১২');
    await napa.click();
    await expect(page).toHaveURL(/\/medicine\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('নাপা');
  });

  test('the home page searches both catalogues: a medicine a suggestion away', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: /what you feel/ });
    await box.fill('seclo');
    await expect(page.getByRole('option', { name: /^Seclo/ }).first()).toBeVisible();
    await page.getByRole('option', { name: 'Search medicines for “seclo”' }).click();
    await expect(page).toHaveURL(/\/medicine\?keyword=seclo/);
    await expect(page.getByTestId('medicine-card').first()).toContainText('Seclo');
    await page.goto('/');
    await page.getByRole('combobox', { name: /what you feel/ }).fill('skin');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/doctors\?q=skin/);
    await expect(page.getByTestId('doctor-row').first()).toContainText('Dermatology');
  });

  test('an admin adds a search word; a patient\'s search finds it at once', async ({ page, browser }) => {
    await loginAs(page, 'admin@nirog.test');
    await page.goto('/admin/search-terms');
    await expect(page.getByRole('heading', { name: 'Search words and complaints' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a word' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Word or complaint').fill('ঘাড় ব্যথা');
    await chooseOption(page, 'Leads to', 'Neurology');
    await dialog.getByLabel('Word or complaint').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Find a word').fill('ঘাড়');
    await page.getByLabel('Find a word').press('Enter');
    await expect(page.getByRole('cell', { name: 'ঘাড় ব্যথা' })).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto('/doctors?q=ghar%20betha');
    await expect(visitor.getByTestId('doctor-row').first()).toContainText('Neurology');
    await visitor.close();
  });
});
