import { execFileSync } from 'node:child_process';
import { expect, chooseOption, expectNoHorizontalScroll, loginAs, test } from './fixtures';

/**
 * Issue 19 end to end: a patient signs up with a mobile number alone (the code read from the SMS
 * sandbox on the screen, typed in Bangla digits), adds her mother as a family member, books and pays
 * a video consultation for her; the doctor sees the mother's name, age and gender and writes the
 * prescription; the PDF names the mother with her age.
 */
const bangla = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
/** Whole years from a birthdate to today in Dhaka, as the server counts them. */
function ageOn(birthdate: string): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const PHONE = `0174${String(Date.now()).slice(-7)}`;
const MOTHER = { name: 'Rashida Begum', birthdate: '1957-05-14' };
const AGE = ageOn(MOTHER.birthdate);
const PROBLEM = 'Knee pain when walking, for a month';
/** The new patient's session (localStorage `authentication`), kept from the signup for the next steps. */
let session = '';

test.describe.serial('a family on one account', () => {
  test('signs up with a mobile number alone, the code read from the SMS sandbox', async ({ page }) => {
    await page.goto('/user-signin');
    await page.getByRole('link', { name: 'Log in with your mobile number' }).click();
    await page.getByRole('link', { name: 'No account yet? Sign up with your mobile number' }).click();
    await expect(page.getByRole('heading', { name: 'Sign up with your mobile number' })).toBeVisible();
    await page.getByLabel('Name').fill('Shirin Akhter');
    await page.getByLabel('Mobile number').fill(bangla(PHONE)); // a Bangla keyboard's digits are digits
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(`We sent a 6-digit code by SMS to ${PHONE}. It works for 5 minutes.`)).toBeVisible();
    // The countdown until a new code may be asked for.
    await expect(page.getByTestId('resend-countdown')).toContainText(/You can ask for a new code in [01]:\d\d/);
    const sandbox = page.getByTestId('sms-sandbox');
    await expect(sandbox.locator('pre').first()).toContainText('is your Nirog code');
    const code = /(\d{6}) is your Nirog code/.exec(await sandbox.locator('pre').first().innerText())![1]!;
    await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong code. 4 attempts left.' }).first()).toBeVisible();
    await page.getByLabel('Code from the SMS').fill(bangla(code));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByText('Welcome to Nirog, Shirin Akhter: your account is ready')).toBeVisible();
    session = (await page.evaluate(() => localStorage.getItem('authentication')))!;
    // No email to verify: the number is verified, so nothing asks for one.
    await expect(page.getByTestId('verify-email-banner')).toHaveCount(0);
    await page.goto('/user-info');
    await expect(page.locator('.profile-phone')).toContainText(`${PHONE}Verified`);
    await expect(page.getByText('None: this account uses your mobile number')).toBeVisible();
  });

  test('adds the mother, and books a consultation for her', async ({ page, request }) => {
    await page.addInitScript((s) => localStorage.setItem('authentication', s), session);
    await page.goto('/my/family');
    await expect(page.getByRole('heading', { name: 'Family members' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a family member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter their name')).toBeVisible();
    await dialog.getByLabel('Name').fill(MOTHER.name);
    await chooseOption(page, 'Relation to you', 'Mother');
    await dialog.getByLabel('Date of birth').fill(MOTHER.birthdate);
    await dialog.getByLabel('Date of birth').press('Enter');
    await dialog.getByLabel('Female').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${MOTHER.name} is added to your family`)).toBeVisible();
    await expect(page.getByTestId('family-list')).toContainText(`Mother, ${AGE} years, Female`);

    const doctors = await (await request.get('/api/doctors?keyword=Ayesha')).json();
    await page.goto(`/book-appointment?doctorId=${doctors.doctors[0].id}`);
    await chooseOption(page, 'Who is it for?', `${MOTHER.name} (Mother)`);
    // Her own details fill the form and stay hers.
    await expect(page.getByLabel('Name')).toHaveValue(MOTHER.name);
    await expect(page.getByLabel('Age', { exact: true })).toHaveValue(String(AGE));
    await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
    await page.getByLabel('Weight').fill('62 kg');
    await page.getByLabel('Height').fill(`5'0"`);
    await page.getByLabel('Problem').fill(PROBLEM);
    await page.getByRole('button', { name: 'Book and pay' }).click();
    await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/payment\/successfull\/NRG/);

    await page.goto('/my-booking');
    await page.getByLabel('Show care for').selectOption({ label: `${MOTHER.name} (Mother)` });
    await expect(page).toHaveURL(/\?for=/);
    await expect(page.getByTestId('appointment-card')).toHaveCount(1);
    await expect(page.getByTestId('appointment-card')).toContainText(`For ${MOTHER.name} (Mother)`);
    await page.setViewportSize({ width: 360, height: 760 });
    await expectNoHorizontalScroll(page);
  });

  test('books a hospital visit and hires a nurse for her too', async ({ page, request }) => {
    await page.addInitScript((s) => localStorage.setItem('authentication', s), session);
    const doctors = await (await request.get('/api/doctors?keyword=Farzana')).json();
    await page.goto(`/hospital/appointment?doctorId=${doctors.doctors[0].id}`);
    await chooseOption(page, 'Who is it for?', `${MOTHER.name} (Mother)`);
    await expect(page.getByLabel('Patient name')).toHaveValue(MOTHER.name);
    await page.getByLabel('Phone').fill(PHONE);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Date').fill(day);
    await page.getByLabel('Date').press('Enter');
    await page.getByText(/Evening ·/).click();
    await page.getByRole('button', { name: 'Book' }).click();
    await expect(page).toHaveURL(/\/my-booking$/);
    await expect(page.getByTestId('appointment-card').filter({ hasText: 'Hospital visit' }).first()).toContainText(`For ${MOTHER.name} (Mother)`);

    const nurses = await (await request.get('/api/get/nurses?pageSize=1')).json();
    await page.goto(`/nurse/${nurses.nurses[0]._id}`);
    await page.getByRole('button', { name: 'Hire this nurse' }).click();
    const modal = page.getByRole('dialog');
    await chooseOption(page, 'Who is it for?', `${MOTHER.name} (Mother)`);
    // The nurse visits her: her gender, chosen for the patient.
    await expect(modal.locator('.ant-select').filter({ has: page.getByLabel('Patient gender') })).toContainText('Female');
    await modal.getByLabel('Phone number').fill(PHONE);
    await modal.getByLabel('Date').fill(new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10));
    await modal.getByLabel('Date').press('Enter');
    await modal.getByRole('button', { name: 'Hire' }).click();
    await expect(page).toHaveURL(/\/my\/hire-nurses$/);
    await expect(page.locator('article.nurse-card').first()).toContainText(`For ${MOTHER.name} (Mother)`);
  });

  test("the doctor sees the mother's name, age and gender, and writes her prescription", async ({ page }) => {
    await loginAs(page, 'doctor@nirog.test', undefined, 'doctor');
    await page.goto('/doctor-booking');
    const card = page.getByTestId('appointment-card').filter({ hasText: PROBLEM }).first();
    await expect(card.getByTestId('patient-name')).toHaveText(MOTHER.name);
    await expect(card.getByTestId('patient-details')).toContainText(`Age ${AGE} · Female · 62 kg`);
    await expect(card.getByTestId('care-of-account')).toHaveText('Mother of the account holder, Shirin Akhter');
    await card.getByRole('button', { name: 'Write prescription' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Medicine 1 Name and strength').fill('Napa Extend 665 mg');
    await modal.getByLabel('Medicine 1 Daily use').fill('1+0+1');
    await modal.getByLabel('Medicine 1 Quantity').fill('20 tablets');
    // A month of it, and one refill: the pharmacy may dispense 20 tablets twice.
    await modal.getByLabel('Medicine 1 Refills').fill('1');
    await modal.getByLabel('Advice').fill('Warm compress, gentle exercise');
    await modal.getByLabel('Follow-up').fill('After 2 weeks');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Prescription added')).toBeVisible();
  });

  test('logs in again with the number, and the prescription PDF names the mother with her age', async ({ page }) => {
    await page.goto('/user-signin/mobile');
    await page.getByLabel('Mobile number').fill(PHONE);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('An SMS is on the way: your code if a patient account uses this number, or a note saying none does.').or(page.getByRole('alert').first())).toBeVisible();
    // The number asked moments ago: the screen says how long to wait, then the code comes.
    const pre = page.getByTestId('sms-sandbox').locator('pre').first();
    const alert = page.getByRole('alert').filter({ hasText: /Please wait \d+ seconds/ }).first();
    await expect(pre.or(alert).first()).toBeVisible();
    if (await alert.isVisible()) {
      await expect(async () => {
        await page.getByRole('button', { name: 'Send code' }).click();
        await expect(page.getByTestId('code-entry')).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 75_000, intervals: [5_000] });
    }
    await expect(pre).toContainText('is your Nirog code');
    await page.getByLabel('Code from the SMS').fill(/(\d{6}) is your/.exec(await pre.innerText())![1]!);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('user-menu')).toBeVisible();

    await page.goto('/my-prescription');
    const card = page.getByTestId('prescription-card').filter({ hasText: 'Napa Extend 665 mg' });
    await expect(card).toContainText(`For ${MOTHER.name} (Mother)`);
    // What the pharmacy may dispense on it: the course twice (one refill), nothing dispensed yet.
    await expect(card.getByTestId('dispensing')).toContainText('40 doses left of 40 doses · 1 refill · Valid until');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download' }).click()]);
    const file = await download.path();
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Patient: ${MOTHER.name}`);
    expect(text).toContain(`Age: ${AGE}`);
    expect(text).toContain('Gender: Female');
    expect(text).toContain('1 refill');
    expect(text).toContain('Dispense until');
  });
});
