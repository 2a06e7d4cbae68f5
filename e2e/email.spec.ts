import { expect, expectNoHorizontalScroll, loginAs, logout, splashSeen, test, unique } from './fixtures';

/** Email verification and password reset, read from Nirog's own outbox (no mail server in the journeys). */
const CODE = /^(\d{6})$/m;

async function signUp(page: import('@playwright/test').Page, name: string, email: string, password: string) {
  await page.goto('/user-signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Signup' }).click();
  // The new patient is logged in and goes on to confirm the email.
  await expect(page).toHaveURL(/\/user\/confirm\/email$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test('a new patient signs up, is asked to verify, reads the code in the mailbox and verifies', async ({ page }) => {
  const email = unique('mitu');
  await signUp(page, 'Mitu Sarkar', email, 'lotus-pond-31');
  // Elsewhere than the Confirm Email page itself, a banner asks for the verification.
  await page.goto('/');

  const banner = page.getByTestId('verify-email-banner');
  await expect(banner).toContainText('Please verify your email');
  // Unverified, a booking form is not offered at all: the way on (Confirm Email) is.
  await page.goto('/doctors?q=Tanvir');
  await page.getByRole('link', { name: /Tanvir Ahmed/ }).click();
  await page.getByRole('link', { name: 'Hospital Visit' }).click();
  await expect(page.getByTestId('verify-first')).toContainText('Verify your email first');
  await expect(page.getByLabel('Patient name')).toHaveCount(0);
  await page.getByTestId('verify-first').getByRole('link', { name: 'Confirm Email' }).click();
  await expect(page).toHaveURL(/\/user\/confirm\/email$/);
  await page.goto('/');
  await banner.getByRole('link', { name: 'Verify now' }).click();
  await expect(page).toHaveURL(/\/user\/confirm\/email$/);
  await expect(page.getByRole('heading', { name: 'Confirm Email' })).toBeVisible();

  const mailbox = page.getByTestId('dev-mailbox');
  await expect(mailbox).toContainText('Verify your email for Nirog');
  const code = CODE.exec(await mailbox.locator('pre').first().innerText())![1]!;

  await page.getByPlaceholder('Enter Your 6 Digit Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong code. 4 attempts left');

  await page.getByPlaceholder('Enter Your 6 Digit Code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your email is verified').first()).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);

  // Verified, the new patient can now book: a hospital visit with a doctor found by name.
  await page.goto('/doctors?q=Tanvir');
  await page.getByRole('link', { name: /Tanvir Ahmed/ }).click();
  await page.getByRole('link', { name: 'Hospital Visit' }).click();
  await page.getByLabel('Patient name').fill('Mitu Sarkar');
  await page.getByLabel('Phone').fill('01712000333');
  await page.getByLabel('Date').fill(new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('Date').press('Enter');
  await page.getByText(/Evening ·/).click();
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/my-booking$/);
  await expect(page.getByTestId('appointment-card').first()).toContainText('Hospital visit');
  // The patient reaches the doctor from the booking, and may cancel the visit (after confirming).
  await expect(page.getByTestId('appointment-card').first().getByRole('link', { name: /Tanvir Ahmed/ })).toHaveAttribute('href', /\/doctor\//);
  await page.getByTestId('appointment-card').first().getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('button', { name: 'Cancel booking' }).last().click();
  await expect(page.getByTestId('appointment-card').first()).toContainText('Cancelled');
  await expect(page.getByTestId('appointment-card').first().getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
});

test('the activation link from the mail verifies the account once', async ({ page }) => {
  const email = unique('link');
  await signUp(page, 'Liton Das', email, 'lotus-pond-31');
  await page.goto('/user/confirm/email');
  const text = await page.getByTestId('dev-mailbox').locator('pre').first().innerText();
  const link = /(\/activation\/[A-Za-z0-9_-]+)/.exec(text)![1]!;
  await page.goto(link);
  await expect(page.getByText('Your account has been created suceessfully!')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Your token is expired!')).toBeVisible();
});

test('a patient resets a forgotten password with the link from their own mailbox; the admin outbox shows it masked', async ({ page, browser }) => {
  const email = unique('reset');
  await signUp(page, 'Sumaiya Noor', email, 'lotus-pond-31');
  await logout(page);
  await page.getByRole('link', { name: 'Forgot password ?' }).click();
  await expect(page).toHaveURL(/\/user\/password$/);
  // The router keeps the login form on screen until the new page's chunk has loaded: wait for it.
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Reset Password Email Send').first()).toBeVisible();

  // An admin reading the outbox sees the mail, but never its one-time link.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await splashSeen(adminContext);
  await loginAs(admin, 'admin@nirog.test');
  await admin.goto('/admin/outbox');
  await admin.getByPlaceholder('Search address or number').fill(email);
  await admin.getByPlaceholder('Search address or number').press('Enter');
  const row = admin.getByRole('row', { name: /Reset your Nirog password/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /expand/i }).click();
  const adminText = await admin.locator('.ant-table-expanded-row pre').first().innerText();
  expect(adminText).toContain('/password/reset/•••');
  expect(adminText).not.toMatch(/\/password\/reset\/[A-Za-z0-9_-]{16,}/);
  await adminContext.close();

  // The link reaches its owner: without SMTP in development, the patient's own mailbox (the
  // Confirm Email screen) stands in for their email, read here in another browser.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await splashSeen(ownerContext);
  await loginAs(owner, email, 'lotus-pond-31');
  await owner.goto('/user/confirm/email');
  const mailbox = owner.getByTestId('dev-mailbox');
  await expect(mailbox).toContainText('Reset your Nirog password');
  const texts = await mailbox.locator('pre').allInnerTexts();
  const resetPath = texts.map((x) => /(\/password\/reset\/[A-Za-z0-9_-]{16,})/.exec(x)?.[1]).find(Boolean)!;
  expect(resetPath).toBeTruthy();
  await ownerContext.close();

  await page.goto(resetPath);
  await page.getByPlaceholder('Enter Your New Password').fill('monsoon-rain-64');
  await page.getByPlaceholder('Confirm Your Password').fill('monsoon-rain-64');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/user-signin$/);
  await expect(page.getByText('Password Update Successfully')).toBeVisible();
  await loginAs(page, email, 'monsoon-rain-64');

  await page.goto(resetPath);
  await page.getByPlaceholder('Enter Your New Password').fill('monsoon-rain-65');
  await page.getByPlaceholder('Confirm Your Password').fill('monsoon-rain-65');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert')).toContainText('Reset Password Token is invalid or has been expired');
});

test('the doctor forgot-password screens answer at both addresses', async ({ page }) => {
  for (const path of ['/doctor-forgot-password', '/doctor/forgot-password']) {
    await page.goto(path);
    await page.getByLabel('Email').fill('doctor@nirog.test');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Reset Password Email Send').first()).toBeVisible();
  }
});

for (const width of [1280, 390]) {
  test(`the confirm email screen fits a ${width} px screen`, async ({ page }) => {
    const email = unique(`w${width}`);
    await signUp(page, 'Rakib Hasan', email, 'lotus-pond-31');
    await page.setViewportSize({ width, height: 860 });
    await page.goto('/user/confirm/email');
    await expect(page.getByTestId('dev-mailbox')).toContainText('Verify your email');
    await expectNoHorizontalScroll(page);
  });
}
