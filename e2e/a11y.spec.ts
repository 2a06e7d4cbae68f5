import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page, Request } from '@playwright/test';
import { paths, type PathName } from '../frontend/src/config/paths';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * axe on every route of the router: each route opened as every role the plan below lets open it, in
 * English and Bangla, at 1280 px and 360 px, plus a few states (a form showing its errors, a modal,
 * a confirm dialog, an empty list). Any serious or critical violation of WCAG 2.0/2.1 A and AA (and
 * 2.2 AA) fails, named by rule, element and route. A route of the router that no run visits fails
 * the first test: the route set is read from app/routes.tsx, not copied here.
 *
 * One context per role × language × width, reused for all of its routes (one login each).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LANGS = ['en', 'bn'] as const;
const WIDTHS = [1280, 360] as const;
type Lang = (typeof LANGS)[number];
type Role = 'visitor' | 'patient' | 'doctor' | 'admin';

const ROLES: Role[] = ['visitor', 'patient', 'doctor', 'admin'];
/** The runs: one context each, reused for all the routes of its role. */
const RUNS = ROLES.flatMap((role) => LANGS.flatMap((lang) => WIDTHS.map((width) => ({ role, lang, width }))));

const LOGINS: Record<Exclude<Role, 'visitor'>, { email: string; door: string }> = {
  patient: { email: 'patient@nirog.test', door: paths.userSignin },
  doctor: { email: 'doctor@nirog.test', door: paths.doctorLogin },
  admin: { email: 'admin@nirog.test', door: paths.userSignin },
};

/** The route patterns of the router, read from its source: `path: paths.x` and literal paths ('*'). */
function routerPatterns(): string[] {
  const source = readFileSync(new URL('../frontend/src/app/routes.tsx', import.meta.url), 'utf8');
  const found = [...source.matchAll(/\bpath:\s*(?:paths\.(\w+)|'([^']*)')/g)].map(([, name, literal]) => {
    if (literal !== undefined) return literal;
    const pattern = paths[name as PathName];
    if (!pattern) throw new Error(`routes.tsx uses paths.${name}, which config/paths.ts does not define`);
    return pattern;
  });
  return [...new Set(found)];
}

/** Real ids from the demo data, for the routes with parameters. */
interface DemoIds { doctorId: string; nurseId: string; medicine: { id: string; name: string; unit: string; pricePoisha: number; stock: number }; appointmentId: string }

async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  const json = async (url: string, token?: string) => {
    const res = await request.get(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    expect(res.ok(), url).toBe(true);
    return res.json();
  };
  const login = await request.post('/api/login', { data: { email: LOGINS.admin.email, password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const [doctors, nurses, medicines, appointments] = await Promise.all([
    json('/api/doctors'), json('/api/get/nurses'), json('/api/get/medicine'), json('/api/getall/appointment', token),
  ]);
  const m = medicines.medicines[0];
  return {
    doctorId: doctors.doctors[0].id,
    nurseId: nurses.nurses[0].id,
    medicine: { id: m.id, name: m.name, unit: m.unit[0].toUpperCase() + m.unit.slice(1), pricePoisha: m.pricePoisha, stock: m.stock },
    appointmentId: appointments.appointments[0].id,
  };
}

/** The demo's own payments (PharmacySeeder): a paid and a cancelled order. */
const PAID_TRAN = 'NRG20261120DEMO000005';
const FAILED_TRAN = 'NRG20261030DEMO000003';

interface Visit { pattern: string; url: string; roles: Role[] }

const ANY_USER: Role[] = ['patient', 'doctor', 'admin'];

/**
 * Who opens what. Public screens are checked as the visitor (a logged-in user sees the same page with
 * another header, and the header is checked on every screen of each role); the login and signup
 * screens send logged-in users away. Screens for the logged-in are opened by each role allowed.
 */
function plan(ids: DemoIds): Visit[] {
  const v = (name: PathName, roles: Role[], params: Record<string, string> = {}, query = ''): Visit => ({
    pattern: paths[name],
    url: paths[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? key)) + query,
    roles,
  });
  const visitor: Role[] = ['visitor'];
  return [
    v('home', ['visitor', 'patient', 'doctor', 'admin']),
    v('homeAlias', visitor),
    v('consultation', visitor),
    v('userSignin', visitor),
    v('userSignup', visitor),
    v('phoneSignin', visitor),
    v('phoneSignup', visitor),
    v('activation', visitor, { activation_token: 'a11y-not-a-real-token' }),
    v('userForgotPassword', visitor),
    v('userResetPassword', visitor, { token: 'a11y-not-a-real-token' }),
    v('doctorSignup', visitor),
    v('doctorLogin', visitor),
    v('doctorForgotPassword', visitor),
    v('doctorForgotPasswordAlias', visitor),
    v('doctorResetPassword', visitor, { token: 'a11y-not-a-real-token' }),
    v('doctors', visitor),
    v('doctorDetail', ['visitor', 'patient'], { doctorId: ids.doctorId }),
    v('medicine', visitor),
    v('medicineDetail', visitor, { id: ids.medicine.id }),
    v('cart', ['visitor', 'patient']),
    v('nurses', visitor),
    v('nurseDetail', ['visitor', 'patient'], { nurseId: ids.nurseId }),
    v('bloods', ['visitor', 'patient']),
    v('insurance', visitor),
    v('ambulance', visitor),
    v('about', visitor),
    v('contact', visitor),
    v('comingSoon', visitor),

    v('confirmEmail', ANY_USER),
    v('chat', ANY_USER),
    v('userUpdateProfile', ANY_USER),
    v('userUpdateInfo', ANY_USER),
    v('userInfo', ['patient', 'admin']),
    v('userChangePassword', ['patient', 'admin']),
    // The same screen for every role; the admin's run is the longest already.
    v('verifyPhone', ['patient', 'doctor']),
    v('myFamily', ['patient']),

    v('bookAppointment', ['patient'], {}, `?doctorId=${ids.doctorId}`),
    v('hospitalAppointment', ['patient'], {}, `?doctorId=${ids.doctorId}`),
    v('consultationPaid', ['patient'], { tranId: PAID_TRAN }),
    v('shipping', ['patient']),
    v('orderPaid', ['patient'], { tranId: PAID_TRAN }),
    v('orderPaymentFailed', ['patient'], { tranId: FAILED_TRAN }),
    v('paymentFailed', ['patient'], { tranId: FAILED_TRAN }),
    v('myBooking', ['patient']),
    v('myPrescription', ['patient']),
    v('myOrder', ['patient']),
    v('myHiredNurses', ['patient']),

    v('doctorInfo', ['doctor']),
    v('doctorUpdateInfo', ['doctor']),
    v('doctorChangePassword', ['doctor']),
    v('doctorSetUrl', ['doctor']),
    v('doctorBooking', ['doctor']),

    v('adminDashboard', ['admin']),
    v('adminPendingDoctors', ['admin']),
    v('adminAppointments', ['admin']),
    v('adminAppointment', ['admin'], { appointmentId: ids.appointmentId }),
    v('adminAllDoctors', ['admin']),
    v('adminCreateDoctor', ['admin']),
    v('adminUpdateDoctor', ['admin'], { doctorId: ids.doctorId }),
    v('adminCreateNurse', ['admin']),
    v('adminUpdateNurse', ['admin'], { nurseId: ids.nurseId }),
    v('adminAllNurses', ['admin']),
    v('adminHiredNurses', ['admin']),
    v('adminUsers', ['admin']),
    v('adminAuditLog', ['admin']),
    v('adminOrders', ['admin']),
    v('adminOutbox', ['admin']),
    v('adminInbox', ['admin']),
    v('adminMedicines', ['admin']),

    { pattern: '*', url: '/a11y-no-such-page', roles: visitor },
  ];
}

/** A context in a language and width, with the splash seen and one medicine in the cart; logged in as the role. */
async function openAs(browser: Browser, role: Role, lang: Lang, width: number, ids: DemoIds): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 760 } });
  await context.addInitScript(({ l, item }) => {
    sessionStorage.setItem('nirog.splashSeen', '1');
    localStorage.setItem('nirog.lang', l);
    if (!localStorage.getItem('cart')) localStorage.setItem('cart', JSON.stringify([item]));
  }, { l: lang, item: { ...ids.medicine, quantity: 1 } });
  const page = await context.newPage();
  if (role === 'visitor') {
    await page.goto(paths.home);
    return page;
  }
  await page.goto(LOGINS[role].door);
  await page.locator('main input[autocomplete=email]').fill(LOGINS[role].email);
  await page.locator('main input[type=password]').fill(DEMO_PASSWORD);
  await page.locator('main form button[type=submit]').click();
  await expect(page).not.toHaveURL(/\/(user-signin|doctor\/login)$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authentication'))).toContain(LOGINS[role].email);
  return page;
}

/** GraphQL requests in flight on the page: a screen is drawn once its data has come. */
function trackQueries(page: Page): () => number {
  const inFlight = new Set<Request>();
  page.on('request', (r) => { if (r.url().endsWith('/graphql')) inFlight.add(r); });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return () => inFlight.size;
}

/**
 * Opens a route the way a click on a link does (the router's popstate), not by reloading the app: the
 * scripts stay parsed and the context's login stays, which makes a visit about ten times cheaper.
 * The router keeps the page before on screen while the next one's chunk loads; the app moves focus to
 * <main> once the new page is drawn (SiteLayout), which tells that the page on screen is the new one.
 */
async function open(page: Page, url: string) {
  const samePath = await page.evaluate((u) => {
    const same = new URL(u, location.href).pathname === location.pathname;
    (document.activeElement as HTMLElement | null)?.blur();
    history.pushState(null, '', u);
    dispatchEvent(new PopStateEvent('popstate'));
    return same;
  }, url);
  if (!samePath) await expect.poll(() => page.evaluate(() => document.activeElement?.id), { intervals: [50], message: `${url} replaced the page before` }).toBe('main');
}

/** No transition or finite animation running: colours are measured at rest, not halfway through a fade. */
async function motionDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { polling: 50 });
}

/** The page has drawn its content: a heading (or the page's own result) in main, no loader, no query in flight. */
async function settled(page: Page, inFlight: () => number) {
  const where = new URL(page.url()).pathname;
  await expect(page.locator('main h1, main h2, main .ant-result, main .ant-empty, main [role=alert]').first(), `${where} drew its content`).toBeVisible();
  await expect(page.locator('main [role=status] .spinner, main .ant-skeleton, main .ant-spin-spinning')).toHaveCount(0);
  await expect.poll(inFlight, { intervals: [50] }).toBe(0);
  // Scrolled through once, as a reader reaching the footer would: the home sections are drawn only near
  // the screen (content-visibility), and until then hold a placeholder height the footer overlaps.
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
    window.scrollTo(0, 0);
    await frame();
  });
  await expect.poll(inFlight, { intervals: [50] }).toBe(0);
  await expect(page.locator('main .ant-skeleton, main .ant-spin-spinning')).toHaveCount(0);
  await motionDone(page);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * axe on the page as it is: serious and critical violations, one line each. Legacy mode runs axe in
 * the page itself (the app has no frames) instead of finishing each run in a new blank page.
 */
async function axe(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')} on ${where}: ${n.failureSummary?.split('\n')[1]?.trim() ?? v.help}`));
}

let ids: DemoIds;
test.beforeAll(async ({ playwright }) => {
  const { baseURL } = test.info().project.use;
  const request = await playwright.request.newContext({ baseURL });
  ids = await demoIds(request);
  await request.dispose();
});

test('every route of the router is in the axe plan', () => {
  const router = routerPatterns();
  const planned = new Set(plan(ids).filter((v) => v.roles.some((r) => RUNS.some((run) => run.role === r))).map((v) => v.pattern));
  expect(router.length).toBeGreaterThan(60);
  expect(router.filter((p) => !planned.has(p)), 'routes of the router no axe run visits').toEqual([]);
  expect([...planned].filter((p) => !router.includes(p)), 'planned routes the router does not have').toEqual([]);
});

/**
 * The states a route does not show on arrival, each checked where it happens: a form showing its
 * errors, the doctors' filter dialog on a phone, a confirm dialog, an empty list.
 */
async function states(page: Page, role: Role, width: number, inFlight: () => number, where: (s: string) => string): Promise<string[]> {
  const found: string[] = [];
  if (role === 'visitor') {
    await open(page, paths.userSignin);
    await settled(page, inFlight);
    await page.locator('main form button[type=submit]').click();
    await expect(page.locator('main .ant-form-item-explain-error').first()).toBeVisible();
    await motionDone(page);
    found.push(...(await axe(page, where('the login form with its errors'))));

    // The code step of a mobile signup, with the SMS sandbox's text under it (a new number per run).
    await open(page, paths.phoneSignup);
    await settled(page, inFlight);
    await page.locator('main input[autocomplete=name]').fill('Axe Test');
    await page.locator('main input[autocomplete=tel]').fill(`0195${String(Date.now()).slice(-7)}`);
    await page.locator('main form button[type=submit]').click();
    await expect(page.getByTestId('code-entry')).toBeVisible();
    await expect(page.getByTestId('sms-sandbox').locator('pre').first()).toBeVisible();
    await motionDone(page);
    found.push(...(await axe(page, where('the code step of a mobile signup'))));

    await open(page, `${paths.medicine}?keyword=zzzz`);
    await settled(page, inFlight);
    await expect(page.locator('main .empty')).toBeVisible();
    found.push(...(await axe(page, where('an empty medicine search'))));

    if (width < 700) {
      await open(page, paths.doctors);
      await settled(page, inFlight);
      await page.locator('main button.only-mobile').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await motionDone(page);
      found.push(...(await axe(page, where('the doctors filter dialog'))));
    }
  }
  if (role === 'patient') {
    await open(page, paths.shipping);
    await settled(page, inFlight);
    await page.locator('main form button[type=submit]').click();
    await expect(page.getByTestId('shipping-incomplete')).toBeVisible();
    await motionDone(page);
    found.push(...(await axe(page, where('the shipping form with its errors'))));

    await open(page, paths.myFamily);
    await settled(page, inFlight);
    await page.getByTestId('add-family-member').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').locator('form button[type=submit]').click();
    await expect(page.getByRole('dialog').locator('.ant-form-item-explain-error').first()).toBeVisible();
    await motionDone(page);
    found.push(...(await axe(page, where('the family member form with its errors'))));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByTestId('family-list').getByRole('button').filter({ hasText: /Remove|সরান/ }).first().click();
    await expect(page.locator('.ant-modal-confirm')).toBeVisible();
    await motionDone(page);
    found.push(...(await axe(page, where('the confirm dialog of removing a family member'))));
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-modal-confirm')).toBeHidden();

    await open(page, paths.cart);
    await settled(page, inFlight);
    await page.locator('main .cart-line .ant-btn-dangerous').first().click();
    await expect(page.locator('.ant-popconfirm:not(.ant-popover-hidden)')).toBeVisible();
    await motionDone(page);
    found.push(...(await axe(page, where('the confirm dialog of removing a cart line'))));
  }
  return found;
}

for (const { role, lang, width } of RUNS) {
  test(`axe: every ${role} route in ${lang} at ${width} px`, async ({ browser }) => {
    const page = await openAs(browser, role, lang, width, ids);
    const inFlight = trackQueries(page);
    const where = (s: string) => `${s} (${role}, ${lang}, ${width} px)`;
    // The states first: the payment result pages the patient visits empty the cart the states need.
    const found = await states(page, role, width, inFlight, where);
    for (const visit of plan(ids).filter((v) => v.roles.includes(role))) {
      await open(page, visit.url);
      if (visit.pattern !== '*') await expect(page, `${visit.url} kept its address`).toHaveURL((u) => u.pathname + u.search === visit.url);
      await settled(page, inFlight);
      found.push(...(await axe(page, where(visit.url))));
    }
    await page.context().close();
    expect(found.length, `serious or critical axe violations:\n${found.join('\n')}`).toBe(0);
  });
}
