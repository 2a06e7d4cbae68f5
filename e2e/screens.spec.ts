import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * The README's screenshot set, drawn by the app itself: the main screens of each role at a desktop
 * (1366 px) and a phone (360 px) width, in English and Bangla. Every run writes them under
 * test-results/screens; `npm run screens` (UPDATE_SCREENS=1) writes them into docs/screens, which the
 * README shows. Each shot also checks that the page has its heading and no horizontal scroll.
 */
const OUT = process.env.UPDATE_SCREENS ? path.resolve('docs/screens') : path.resolve('test-results/screens');
mkdirSync(OUT, { recursive: true });

const WIDTHS = { desktop: 1366, phone: 360 } as const;
const LANGS = ['en', 'bn'] as const;

async function open(browser: Browser, lang: string, width: number, login?: { email: string; door?: 'doctor' }) {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 760 } });
  await context.addInitScript((l) => {
    sessionStorage.setItem('nirog.splashSeen', '1');
    localStorage.setItem('nirog.lang', l);
  }, lang);
  const page = await context.newPage();
  if (login) {
    await page.goto(login.door === 'doctor' ? '/doctor/login' : '/user-signin');
    await page.locator('input[type=email], input#email, input[name=email]').first().fill(login.email);
    await page.locator('input[type=password]').first().fill(DEMO_PASSWORD);
    await page.locator('form button[type=submit]').first().click();
    await expect(page).not.toHaveURL(/\/(user-signin|doctor\/login)$/);
  }
  return page;
}

async function shoot(page: Page, name: string, lang: string, kind: string) {
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways at ${kind} in ${lang}`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(OUT, `${kind}-${lang}-${name}.png`) });
}

for (const [kind, width] of Object.entries(WIDTHS)) {
  for (const lang of LANGS) {
    test(`screens for the README: ${kind} (${width} px) in ${lang === 'en' ? 'English' : 'Bangla'}`, async ({ browser }) => {
      const visitor = await open(browser, lang, width);
      for (const [name, route] of [['home', '/'], ['doctors', '/doctors'], ['nurses', '/nurses'], ['medicine', '/medicine']] as const) {
        await visitor.goto(route);
        if (name !== 'home') await expect(visitor.locator('img[src*="/uploads/"]').first()).toBeVisible();
        await shoot(visitor, name, lang, kind);
      }
      await visitor.goto('/doctors');
      await visitor.locator('main a[href^="/doctor/"]:visible').first().click();
      await shoot(visitor, 'doctor', lang, kind);
      // Signup with a mobile number: the form, then the code step with the SMS sandbox (a new number per run).
      await visitor.goto('/user-signup/mobile');
      await shoot(visitor, 'mobile-signup', lang, kind);
      await visitor.locator('main input[autocomplete=name]').fill(lang === 'bn' ? 'শাপলা রানী' : 'Shapla Rani');
      await visitor.locator('main input[autocomplete=tel]').fill(`0196${String(Date.now()).slice(-7)}`);
      await visitor.locator('main form button[type=submit]').click();
      await expect(visitor.getByTestId('sms-sandbox').locator('pre').first()).toBeVisible();
      await shoot(visitor, 'mobile-code', lang, kind);
      await visitor.context().close();

      const patient = await open(browser, lang, width, { email: 'patient@nirog.test' });
      await patient.goto('/medicine');
      await patient.getByTestId('medicine-card').first().getByRole('button').last().click();
      await patient.goto('/cart');
      await shoot(patient, 'cart', lang, kind);
      await patient.goto('/shipping');
      await shoot(patient, 'shipping', lang, kind);
      await patient.goto('/my-booking');
      await shoot(patient, 'my-consultations', lang, kind);
      await patient.goto('/my/family');
      await expect(patient.getByTestId('family-list')).toBeVisible();
      await shoot(patient, 'family', lang, kind);
      await patient.goto('/user-info');
      await shoot(patient, 'profile', lang, kind);
      await patient.goto('/user/phone');
      await shoot(patient, 'verify-phone', lang, kind);
      await patient.goto('/doctors');
      await patient.locator('main a[href^="/doctor/"]:visible').first().click();
      await patient.goto(`/book-appointment?doctorId=${new URL(patient.url()).pathname.split('/').pop()}`);
      await patient.locator('#careFor').click();
      await patient.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
      await expect(patient.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
      await patient.evaluate(() => window.scrollTo(0, 0));
      await shoot(patient, 'book-for-family', lang, kind);
      await patient.context().close();

      const doctor = await open(browser, lang, width, { email: 'doctor@nirog.test', door: 'doctor' });
      await doctor.goto('/doctor-booking');
      // The consultation booked for the demo patient's mother, in view.
      await doctor.getByTestId('care-of-account').first().scrollIntoViewIfNeeded();
      await expect(doctor.getByTestId('care-of-account').first()).toBeInViewport();
      await shoot(doctor, 'doctor-consultations', lang, kind);
      await doctor.context().close();

      const admin = await open(browser, lang, width, { email: 'admin@nirog.test' });
      await admin.goto('/admin-dashboard');
      await shoot(admin, 'admin-dashboard', lang, kind);
      await admin.goto('/admin/all-doctors');
      await shoot(admin, 'admin-doctors', lang, kind);
      await admin.context().close();
    });
  }
}
