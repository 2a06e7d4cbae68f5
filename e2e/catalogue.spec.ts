import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoHorizontalScroll, loginAs, splashSeen, test } from './fixtures';

/**
 * Opening a real marketplace: an admin fills the catalogue from a file. A file with mistakes is
 * checked and every problem named with its line (nothing imported); the sample file is imported with
 * its progress and the medicines are in the catalogue; a speciality is added by keyboard alone on a
 * phone in Bangla. Each screen is photographed at 1366 and 360 px in both languages.
 */
const sample = readFileSync(new URL('../docs/catalogue/medicines-sample.csv', import.meta.url));
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function adminIn(browser: Browser, lang: 'en' | 'bn', width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 760 } });
  await splashSeen(context);
  await context.addInitScript((l) => localStorage.setItem('nirog.lang', l), lang);
  const page = await context.newPage();
  await page.goto('/user-signin');
  await page.locator('input[type=email], input#email, input[name=email]').first().fill('admin@nirog.test');
  await page.locator('input[type=password]').first().fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').first().click();
  await expect(page).not.toHaveURL(/\/user-signin$/);
  return page;
}

test('an admin checks a catalogue file with mistakes, then imports the sample file with its progress', async ({ page }, info) => {
  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin-dashboard');
  await page.getByRole('menuitem', { name: 'Catalogue Import' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue Import' })).toBeVisible();

  await page.getByLabel('File', { exact: true }).setInputFiles(csv('mistakes.csv', 'brand,generic,strength,form,company,price\nNapa,Paracetamol,500 mg,Tablet,Beximco,12\nSeclo,,20 mg,Pill,Square,seventy\n'));
  await page.getByRole('button', { name: 'Check the file' }).click();
  const problems = page.getByTestId('catalogue-problems');
  await expect(page.getByText('3 problems: correct them in the file and check it again. Nothing has been imported.')).toBeVisible();
  await expect(problems.getByRole('row', { name: /Generic: Empty: this column is required/ })).toContainText('3');
  await expect(problems.getByRole('row', { name: /"Pill" is not a form Nirog knows/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /"seventy" is not a price in taka/ })).toBeVisible();
  await expect(page.getByTestId('catalogue-run')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('desktop-en-catalogue-problems.png'), fullPage: true });

  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'medicines-sample.csv', mimeType: 'text/csv', buffer: sample });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText(/^12 rows: \d+ new, \d+ already in the catalogue\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Import 12 rows' }).click();
  await expect(page.getByTestId('catalogue-done')).toContainText(/Imported: \d+ added, \d+ updated, \d+ already as in the file\./);
  await expect(page.getByRole('row', { name: /medicines-sample\.csv/ }).first()).toContainText('Imported');
  await page.screenshot({ path: info.outputPath('desktop-en-catalogue-done.png'), fullPage: true });

  // The imported medicines are in the catalogue, prescription-only ones marked.
  await page.goto('/medicine?keyword=Monas');
  await expect(page.getByText('Monas').first()).toBeVisible();
});

test('on a phone in Bangla, a speciality is added by keyboard alone, and the screens fit at 360 px', async ({ browser }, info) => {
  const page = await adminIn(browser, 'bn', 360);
  await page.goto('/admin/catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'ক্যাটালগ ইমপোর্ট' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: info.outputPath('phone-bn-catalogue.png'), fullPage: true });

  const tab = page.getByRole('tab', { name: 'বিশেষজ্ঞতা' });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'বিশেষজ্ঞতা যোগ করুন' })).toBeVisible();
  await page.getByRole('button', { name: 'বিশেষজ্ঞতা যোগ করুন' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('নাম (ইংরেজি)')).toBeFocused();
  await page.keyboard.type('Geriatrics');
  await page.keyboard.press('Tab');
  await page.keyboard.type('বার্ধক্যজনিত রোগ');
  await page.keyboard.press('Tab');
  await page.keyboard.type('40');
  // On to the dialog's Save button (after Cancel), as a keyboard user goes.
  const save = dialog.getByRole('button', { name: 'সংরক্ষণ' });
  for (let i = 0; i < 4 && !(await save.evaluate((b) => b === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('বিশেষজ্ঞতা সংরক্ষিত')).toBeVisible();
  const row = page.getByRole('row', { name: /Geriatrics/ });
  await expect(row).toContainText('বার্ধক্যজনিত রোগ');
  await expect(row).toContainText('৪০');
  await expect(dialog).toBeHidden();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: info.outputPath('phone-bn-catalogue-specialities.png'), fullPage: true });

  // The other three views of the import tab, for the eye.
  for (const [lang, width] of [['en', 360], ['bn', 1366], ['en', 1366]] as const) {
    const other = await adminIn(browser, lang, width);
    await other.goto('/admin/catalogue');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await other.getByTestId('catalogue-file').setInputFiles(csv('mistakes.csv', 'brand,generic,strength,form,company,price\nSeclo,,20 mg,Pill,Square,seventy\n'));
    await other.getByRole('button', { name: lang === 'bn' ? 'ফাইল যাচাই করুন' : 'Check the file' }).click();
    await expect(other.getByTestId('catalogue-problems')).toBeVisible();
    await expectNoHorizontalScroll(other);
    await other.screenshot({ path: info.outputPath(`${width > 500 ? 'desktop' : 'phone'}-${lang}-catalogue-problems.png`), fullPage: true });
    await other.context().close();
  }
  await page.context().close();
});
