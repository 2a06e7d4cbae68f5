import { expect, expectNoHorizontalScroll, loginAs, logout, test, chooseOption } from './fixtures';

/** A day ahead in Dhaka, as the hire form's date picker types it. */
function dhakaDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

test('a patient hires a nurse in Dhanmondi and sees the hire; an admin confirms it', async ({ page }) => {
  await loginAs(page, 'patient@nirog.test');
  await page.goto('/nurses');
  await page.getByRole('group', { name: 'Location' }).getByText('Dhanmondi', { exact: true }).click();
  await expect(page).toHaveURL(/location=Dhanmondi/);
  const first = page.locator('article.nurse-card').first();
  await expect(first).toContainText('Dhanmondi');
  const nurseName = (await first.locator('h3').innerText()).trim();
  await first.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('heading', { name: nurseName })).toBeVisible();

  await page.getByRole('button', { name: 'Hire this nurse' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Hire' }).click();
  await expect(modal.getByRole('alert')).toContainText('Please enter your details');
  await chooseOption(page, 'Patient gender', 'Female');
  await modal.getByLabel('Phone number').fill('01712345678');
  const date = dhakaDay(12);
  await modal.getByLabel('Date').fill(date);
  await modal.getByLabel('Date').press('Enter');
  await modal.getByRole('button', { name: 'Hire' }).click();

  await expect(page).toHaveURL(/\/my\/hire-nurses$/);
  const hire = page.locator('article.nurse-card', { hasText: nurseName }).filter({ hasText: 'Processing' });
  await expect(hire).toBeVisible();

  await logout(page);
  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin/all-hired-nurses');
  const row = page.locator('tr', { hasText: nurseName }).filter({ hasText: 'Rahima Akter' }).filter({ hasText: 'Processing' }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Confirmed' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Appointments status updated')).toBeVisible();

  await logout(page);
  await loginAs(page, 'patient@nirog.test');
  await page.goto('/my/hire-nurses');
  await expect(page.locator('article.nurse-card', { hasText: nurseName }).filter({ hasText: 'Confirmed' }).first()).toBeVisible();
});

test('a visitor sends a blood request; the matched donors are notified and listed without names or contacts, also after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bloods');
  await expect(page.getByRole('heading', { name: 'Why donate blood?' })).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter all Fields');

  await page.getByLabel('Name').first().fill('Jamal Hossain');
  await page.getByLabel('Phone').first().fill('01712000111');
  await page.getByLabel('Email').first().fill('jamal@example.com');
  await page.getByLabel('Blood group').first().click();
  await page.getByTitle('A+', { exact: true }).click();
  await chooseOption(page, 'Area (optional)', 'Dhanmondi');
  await page.getByRole('button', { name: 'Send request' }).click();

  const donors = page.getByRole('region', { name: 'Donors who can give now' });
  // Four compatible donors in Dhanmondi (A+, A-, O-, O+; the B+ one cannot give to A+), none named.
  await expect(donors.getByRole('listitem')).toHaveCount(4);
  await expect(donors).toContainText('Donor 4');
  await expect(donors).not.toContainText('B+');
  await expect(donors).toContainText('We have sent your request to these donors by email and SMS');
  // Donors call the requester and introduce themselves; their names, numbers and addresses are not on the page.
  for (const name of ['Arif Hossain', 'Tarek Aziz', 'Sajjad Karim', 'Fahim Chowdhury']) await expect(donors).not.toContainText(name);
  await expect(donors).not.toContainText('01911000001');
  await expect(donors.locator('a[href^="tel:"], a[href^="mailto:"]')).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Donors who can give now' }).getByRole('listitem')).toHaveCount(4);
});

test('the ambulance directory filters by area and offers call links', async ({ page }) => {
  await page.goto('/ambulance');
  await chooseOption(page, 'Area', 'Uttara');
  await expect(page).toHaveURL(/area=Uttara/);
  await expect(page.getByText('Uttara Rescue ICU Ambulance')).toBeVisible();
  await expect(page.getByText('Dhanmondi Lifeline Ambulance')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Call 01811400101/ })).toHaveAttribute('href', 'tel:01811400101');
});

test('home shows the best nurses four at a time, and the care pages fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const best = page.getByRole('region', { name: 'Our Best Nurses' });
  await expect(best.getByTestId('best-nurse')).toHaveCount(4);
  await best.getByRole('button', { name: 'Load More' }).click();
  await expect(best.getByTestId('best-nurse')).toHaveCount(8);
  await expect(page.getByRole('region', { name: 'Our Partners' })).toContainText('Square Hospitals Ltd.');
  await expect(page.getByRole('region', { name: 'Health insurance, explained' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  for (const path of ['/nurses', '/insurance', '/ambulance', '/about', '/contact', '/coming-soon']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
  await page.goto('/nurses');
  await page.locator('article.nurse-card').first().getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('button', { name: 'Hire this nurse' })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('a patient reviews a nurse after a completed visit', async ({ page }) => {
  await loginAs(page, 'patient@nirog.test');
  await page.goto('/my/hire-nurses');
  const done = page.locator('article.nurse-card').filter({ hasText: 'Completed' }).first();
  const name = (await done.locator('h3').innerText()).trim();
  await done.getByRole('link', { name }).click();
  const reviews = page.getByRole('region', { name: /^Reviews/ });
  await expect(reviews.getByRole('heading', { name: 'Give a review' })).toBeVisible();
  await reviews.locator('form .ant-rate-star').nth(4).locator('.ant-rate-star-second').click();
  await reviews.getByPlaceholder('Write ...').fill('Came on time and was very gentle with my mother.');
  await reviews.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review Added')).toBeVisible();
  await expect(reviews).toContainText('Came on time and was very gentle with my mother.');
  await expect(reviews.getByRole('heading', { name: 'Edit your review' })).toBeVisible();
});
