import { expect, loginAs, logout, test, expectNoHorizontalScroll, chooseOption } from './fixtures';

/** The consultation journey end to end: find, book, pay (sandbox), wait, prescribe, download; and an admin confirming a hospital visit. */
test.describe.serial('doctors and consultations', () => {
  test('a patient finds an online cardiologist under 1,000 BDT, books, pays in the sandbox and reaches the wait page', async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    await page.goto('/consultation');
    await expect(page.getByRole('heading', { name: 'Please select a speaciality' })).toBeVisible();
    await page.getByText('Cardiology', { exact: true }).click();
    await expect(page).toHaveURL(/\/doctors\?speciality=Cardiology/);

    // controlled by the URL, so click and wait for the URL rather than check()
    await page.getByLabel('Online Now', { exact: true }).click();
    await expect(page).toHaveURL(/online=true/);
    await page.getByLabel('Up to 500 BDT').click();
    await expect(page).toHaveURL(/fees=UpTo500/);
    await page.getByLabel('501 - 1000 BDT').click();
    await expect(page).toHaveURL(/fees=From501To1000/);
    await expect(page.getByLabel('Online Now', { exact: true })).toBeChecked();
    await page.getByRole('combobox', { name: /speciality/ }).fill('Selina');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('doctor-row')).toHaveCount(1);
    // the filters live in the URL: a reload shows the same list
    await page.reload();
    await expect(page.getByTestId('doctor-row')).toHaveCount(1);
    await expect(page.getByTestId('doctor-row')).toContainText('৳ 800');

    await page.getByRole('link', { name: /Selina Parveen/ }).click();
    await expect(page.getByRole('heading', { name: /Selina Parveen/ })).toBeVisible();
    // The doctor's page is light; a patient's review form (antd) arrives below the profile.
    await expect(page.getByRole('region', { name: /^Reviews/ }).getByText(/^(You can review this doctor after a finished consultation with them\.|Give a review|Edit your review)$/).first()).toBeVisible();
    await page.getByRole('link', { name: 'See Doctor Now' }).click();
    await expect(page.getByTestId('booking-fee')).toHaveText('৳ 800');

    await page.getByRole('button', { name: 'Book and pay' }).click();
    await expect(page.getByText('Please enter your details').first()).toBeVisible();
    await page.getByLabel('Name').fill('Rahima Akter');
    await page.getByLabel('Age', { exact: true }).fill('34');
    await page.getByLabel('Weight').fill('58 kg');
    await page.getByLabel('Height').fill(`5'2"`);
    await chooseOption(page, 'Gender', 'Female');
    await page.getByLabel('Problem').fill('Chest pain while climbing stairs');
    await page.getByRole('button', { name: 'Book and pay' }).click();

    await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/payment\/successfull\/NRG/);
    await expect(page.getByText('Payment Success')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    const countdown = page.getByTestId('countdown');
    await expect(countdown).toContainText(/0[45]:\d\d/);
    const first = await countdown.textContent();
    await expect.poll(async () => countdown.textContent(), { timeout: 5000 }).not.toBe(first);
    await expect(page.getByRole('button', { name: 'Done' })).toBeEnabled();
    // A reload keeps the wait page, and the countdown goes on from the payment's time (it does not restart at 05:00).
    const before = await countdown.textContent();
    await page.waitForTimeout(1100);
    await page.reload();
    await expect(page.getByTestId('wait-room')).toBeVisible();
    await expect.poll(async () => countdown.textContent()).not.toBe('05:00');
    expect((await countdown.textContent())! <= before!).toBe(true);
  });

  test('the doctor writes the prescription', async ({ page }) => {
    await loginAs(page, 'selina.cardio@nirog.test', undefined, 'doctor');
    await page.goto('/doctor-booking');
    await expect(page.getByRole('heading', { name: 'Consultations History' })).toBeVisible();
    const card = page.getByTestId('appointment-card').filter({ hasText: 'Chest pain while climbing stairs' }).first();
    await card.getByRole('button', { name: 'Write prescription' }).click();
    const modal = page.getByRole('dialog');
    await expect(modal).toContainText('58 kg');
    await modal.getByLabel('Medicine 1 Name and strength').fill('Ecosprin 75 mg');
    await modal.getByLabel('Medicine 1 Daily use').fill('0+1+0');
    await modal.getByLabel('Medicine 1 Quantity').fill('30 tablets');
    // On a phone, every medicine row says which it is and labels its fields; hints read as hints.
    await page.setViewportSize({ width: 390, height: 844 });
    await modal.getByRole('button', { name: 'Add medicine' }).click();
    const row2 = modal.getByRole('group', { name: 'Medicine 2' });
    for (const field of ['Name and strength', 'Daily use', 'Days', 'Quantity']) {
      await expect(modal.getByLabel(`Medicine 2 ${field}`)).toBeVisible();
      await expect(row2.locator('label', { hasText: field })).toBeVisible();
    }
    await expect(row2.getByText('e.g. 1+0+1')).toBeVisible();
    await expect(modal.getByLabel('Medicine 2 Daily use')).not.toHaveAttribute('placeholder');
    await expectNoHorizontalScroll(page);
    // the dialog scrolls on its own: nothing in it sticks out sideways either
    const rowBox = (await row2.boundingBox())!;
    expect(rowBox.x).toBeGreaterThanOrEqual(0);
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('prescription-390.png'), fullPage: false });
    await modal.getByRole('button', { name: 'Remove medicine 2' }).click();
    await expect(modal.getByRole('group', { name: 'Medicine 2' })).toHaveCount(0);
    await modal.getByLabel('Advice').fill('Walk 30 minutes daily');
    await modal.getByLabel('Follow-up').fill('After 1 month');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Prescription added')).toBeVisible();
    await expect(card.getByRole('button', { name: 'See Prescription' })).toBeVisible();
  });

  test('the patient downloads the prescription as a PDF', async ({ page }) => {
    await loginAs(page, 'patient@nirog.test');
    await page.goto('/my-prescription');
    await expect(page.getByRole('heading', { name: 'Previous Prescription History' })).toBeVisible();
    const card = page.getByTestId('prescription-card').filter({ hasText: 'Selina Parveen' });
    await expect(card).toContainText('Ecosprin 75 mg');
    await expect(card).toContainText('BMDC A-60199');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^nirog-prescription-[A-Z2-9]{5}-[A-Z2-9]{5}\.pdf$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a patient books a hospital visit and an admin confirms it', async ({ page }) => {
    await loginAs(page, 'karim@nirog.test');
    await page.goto('/doctors?q=Farzana');
    await page.getByRole('link', { name: /Farzana Haque/ }).click();
    await page.getByRole('link', { name: 'Hospital Visit' }).click();
    // The fee is known before booking (paid at the hospital).
    await expect(page.getByTestId('visit-fee')).toHaveText(/^৳\s[\d,]+$/);
    await page.getByLabel('Patient name').fill('Karim Uddin');
    await page.getByLabel('Phone').fill('01819876543');
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Date').fill(day); // antd's picker: typed, then taken with Enter
    await page.getByLabel('Date').press('Enter');
    await expect(page.getByText(/Morning · \d+ places left/)).toBeVisible();
    await page.getByText(/Morning ·/).click();
    await page.getByRole('button', { name: 'Book' }).click();
    await expect(page).toHaveURL(/\/my-booking$/);
    await expect(page.getByTestId('appointment-card').first()).toContainText('Hospital visit');
    await logout(page);

    await loginAs(page, 'admin@nirog.test');
    await page.goto('/admin-appointments');
    await expect(page.getByRole('heading', { name: 'All Appointments' })).toBeVisible();
    await page.getByRole('row', { name: /Karim Uddin/ }).first().getByRole('link', { name: 'View' }).click();
    await chooseOption(page, 'Update Status', 'Confirmed');
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Appointments status updated')).toBeVisible();
    await expect(page.locator('.ant-descriptions')).toContainText('Confirmed');
  });

  test("a visitor opens a doctor's page without antd: profile, fee, reviews and the note to log in", async ({ page }) => {
    await page.goto('/doctors');
    await page.getByTestId('doctor-row').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hospital Visit' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Reviews/ }).getByText('Please be Login to Give a Review')).toBeVisible();
    // Issue #22: neither antd's provider nor its stylesheet was downloaded for this page.
    const antd = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /AntdProvider/.test(n)));
    expect(antd).toEqual([]);
    // Opened from a link, its HTML names the page's chunk and the data layer, to download beside the shell
    // (common/spa-preloads.ts); a static route beside it (/doctor/login) gets the plain page.
    const html = await (await page.request.get(new URL(page.url()).pathname)).text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin (?:fetchpriority="low" )?href="\/assets\/DoctorDetailPage-[\w-]+\.js">/);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin (?:fetchpriority="low" )?href="\/assets\/DataProvider-[\w-]+\.js">/);
    expect(await (await page.request.get('/doctor/login')).text()).not.toContain('modulepreload" crossorigin href="/assets/DoctorDetailPage');
  });

  test("home 'Our Best Doctors' shows 4, and Load More adds 4", async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('best-doctor');
    await expect(page.getByRole('heading', { name: 'Our Best Doctors' })).toBeVisible();
    await expect(cards).toHaveCount(4);
    await page.getByRole('button', { name: 'Load More' }).first().click();
    await expect(cards).toHaveCount(8);
  });

  test('the doctors screens work at phone width (390 px), with the filter modal', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the filter column is not rendered: its options, and the panel's code, are asked for
    // when the dialog opens.
    const optionRequests: string[] = [];
    const panelCode: string[] = [];
    // The list's first page comes in the page's HTML (config/firstLoads.ts): no Doctors query until a filter changes.
    const listRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('operationName=DoctorFilterOptions')) optionRequests.push(r.url());
      if (r.url().includes('operationName=Doctors&')) listRequests.push(r.url());
      if (/\/assets\/FilterPanel-[\w-]+\.js$/.test(r.url())) panelCode.push(r.url());
    });
    await page.goto('/doctors');
    await expect(page.getByTestId('doctor-row').first()).toBeVisible();
    expect(optionRequests).toHaveLength(0);
    expect(panelCode).toHaveLength(0);
    expect(listRequests).toHaveLength(0);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog').getByLabel('Female').click();
    await page.getByRole('button', { name: 'Show doctors' }).click();
    await expect(page).toHaveURL(/gender=Female/);
    await expect(page.getByTestId('doctor-row').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(optionRequests).toHaveLength(1);
    expect(panelCode).toHaveLength(1);
    expect(listRequests).toHaveLength(1);

    // Between a phone and the filter column's width (1181 px) the list takes the whole width.
    await page.setViewportSize({ width: 1120, height: 800 });
    await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
    expect((await page.getByTestId('doctor-row').first().boundingBox())!.width).toBeGreaterThan(700);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('complementary', { name: 'Filters' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByTestId('doctor-row').first().getByRole('link').first().click();
    await expect(page.getByRole('link', { name: 'Hospital Visit' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto('/consultation');
    await expect(page.getByText('Cardiology', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // the header's user menu (which loginAs waits for) is a desktop element
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, 'patient@nirog.test');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, heading] of [['/my-booking', 'Consultations History'], ['/my-prescription', 'Previous Prescription History']]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByTestId(path === '/my-booking' ? 'appointment-card' : 'prescription-card').first()).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});
