import type { BrowserContext, Page } from '@playwright/test';
import { chooseOption, expect, loginAs, splashSeen, test } from './fixtures';

/**
 * Live updates in the browser, a patient and their doctor side by side: the doctor's consultations
 * show the new paid booking without a reload; the patient's wait page says when the doctor comes
 * online and, the moment the doctor starts, offers the room in one tap, without a reload.
 */
const ROOM = 'https://meet.jit.si/**';

async function person(browser: import('@playwright/test').Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await splashSeen(context);
  // The meeting room is another site: a stand-in page here.
  await context.route(ROOM, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meeting room</title><h1>Meeting room</h1>' }));
  return { context, page: await context.newPage() };
}

/** Marks the page: the mark is gone if the page reloads or navigates. */
const mark = (page: Page) => page.evaluate(() => { (window as unknown as { liveMark?: number }).liveMark = 1; });
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);

test('a doctor starts the meeting and the patient\'s wait page changes without a reload', async ({ browser }) => {
  const doctor = await person(browser);
  const patient = await person(browser);
  try {
    // The doctor, on their consultations page, goes offline for now: the page is live.
    await loginAs(doctor.page, 'doctor@nirog.test', undefined, 'doctor');
    await doctor.page.goto('/doctor-booking');
    await expect(doctor.page.getByTestId('live-badge')).toHaveText('Live');
    const online = doctor.page.getByRole('switch', { name: 'I am available' });
    await expect(online).toBeVisible();
    if ((await online.getAttribute('aria-checked')) === 'false') {
      await online.click();
      await expect(online).toHaveAttribute('aria-checked', 'true');
    }
    await mark(doctor.page);

    // The patient sees the doctor now, pays, and waits.
    await loginAs(patient.page, 'nusrat@nirog.test');
    await patient.page.goto('/doctors?q=Ayesha');
    await patient.page.getByRole('link', { name: /Ayesha/ }).first().click();
    await patient.page.getByRole('link', { name: 'See Doctor Now' }).click();
    await patient.page.getByLabel('Name').fill('Nusrat Jahan');
    await patient.page.getByLabel('Age', { exact: true }).fill('29');
    await patient.page.getByLabel('Weight').fill('54 kg');
    await patient.page.getByLabel('Height').fill(`5'3"`);
    await chooseOption(patient.page, 'Gender', 'Female');
    await patient.page.getByLabel('Problem').fill('Live journey: sore throat and fever');
    await patient.page.getByRole('button', { name: 'Book and pay' }).click();
    await expect(patient.page).toHaveURL(/\/sandbox\/bkash\/checkout\//);
    await patient.page.getByRole('button', { name: 'Approve' }).click();
    await expect(patient.page).toHaveURL(/\/payment\/successfull\/NRG/);
    await patient.page.getByRole('button', { name: 'Continue' }).click();
    const room = patient.page.getByTestId('wait-room');
    await expect(room.getByRole('heading', { name: 'Your doctor will join shortly' })).toBeVisible();
    await expect(room.getByTestId('live-badge')).toHaveText('Live');
    await expect(room.getByTestId('doctor-presence')).toContainText('is online now');
    await expect(room.getByTestId('refund-promise')).toContainText('is refunded automatically');
    await mark(patient.page);

    // The doctor's page shows the paid booking, waiting, without a reload.
    const card = doctor.page.getByTestId('appointment-card').filter({ hasText: 'Live journey: sore throat and fever' }).first();
    await expect(card).toBeVisible();
    await expect(card.getByTestId('patient-waiting')).toContainText('Patient waiting');
    expect(await stillMarked(doctor.page)).toBe(true);

    // The doctor goes offline and back: the patient's page follows.
    await online.click();
    await expect(room.getByTestId('doctor-presence')).toContainText('not online yet');
    await online.click();
    await expect(room.getByTestId('doctor-presence')).toContainText('is online now');

    // The doctor starts: their room opens in a new tab, and the patient's page offers it in one tap.
    const [doctorsRoom] = await Promise.all([doctor.context.waitForEvent('page'), card.getByTestId('start-consultation').click()]);
    await doctorsRoom.close();
    await expect(room.getByRole('heading', { name: 'Your doctor has started the consultation' })).toBeVisible();
    const join = room.getByTestId('join-now');
    await expect(join).toBeFocused();
    expect(await stillMarked(patient.page)).toBe(true);
    await expect(card.getByTestId('patient-waiting')).toHaveCount(0);
    await patient.page.keyboard.press('Enter');
    await expect(patient.page).toHaveURL(/^https:\/\/meet\.jit\.si\//);
  } finally {
    await doctor.context.close();
    await patient.context.close();
  }
});
