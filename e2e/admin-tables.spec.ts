import { expect, expectNoHorizontalScroll, loginAs, test } from './fixtures';

/**
 * The admin's tables drawn whole, at every width and in both languages: read-only checks on the demo
 * data (each exports a CSV first, so that the audit log has a line), in the `layout` project beside
 * the axe runs and the README's screens (e2e/playwright.config.ts), on two workers. The admin's
 * journeys that write (approve, delete, export, upload) stay in admin.spec.ts.
 */

/**
 * Issue 17 found the Actions column of some tables cut off (doctors, medicines, audit log at 1366 px,
 * Reject at 390 px); the nurses' tables had the same. Every admin table with a column kept on the right
 * shows its buttons and links whole, inside the table, at both widths and in both languages.
 */
test('every admin table shows the controls of its right-hand column whole, at 1366 and 390 px, in English and Bangla', async ({ page }) => {
  test.setTimeout(5 * 60_000); // forty screens; a limit, not a speed check
  await loginAs(page, 'admin@nirog.test');
  // (an export, so that the audit log has a line whatever ran before)
  await page.goto('/admin/all-doctors');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  await expect(page.getByText(/^Exported \d+ rows? to nirog-doctors\.csv$/)).toBeVisible();
  const tables = ['/admin/all-doctors', '/admin/pending-doctors', '/admin/all-nurses', '/admin/all-hired-nurses', '/admin/alluser',
    '/admin/audit-log', '/admin/user/order', '/admin/medicines', '/admin-appointments', '/admin/requests'];
  for (const lang of ['en', 'bn']) {
    await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 768 : 844 });
      for (const url of tables) {
        await page.goto(url);
        await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
        const cut = await page.evaluate(() => [...document.querySelectorAll('.ant-table-tbody .ant-table-cell-fix-end')].flatMap((cell) => {
          const box = cell.closest('.ant-table-container')!.getBoundingClientRect();
          return [...cell.querySelectorAll('button, a')].filter((c) => {
            const r = c.getBoundingClientRect();
            return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.right > innerWidth);
          }).map((c) => `${(c.textContent ?? '').trim()} (${Math.round(c.getBoundingClientRect().right)} > ${Math.round(box.right)})`);
        }));
        expect(cut, `${url} at ${width} px in ${lang}: controls cut off`).toEqual([]);
        await expectNoHorizontalScroll(page);
      }
    }
  }
});

/**
 * Issue 46: at 1366 px the pinned Actions column covered Keys and Status (integrators), From (audit
 * log) and the receiver (webhooks), All Appointments cut its View link, and "Attempts" broke into
 * "Attem pts". On a laptop every admin table shows all of its columns (nothing to scroll sideways, so
 * nothing under the pinned column), and no heading breaks inside a word, in English and Bangla.
 */
test('at 1366 px every admin table shows all its columns, none under the pinned one, and whole headings', async ({ page }) => {
  test.setTimeout(3 * 60_000); // a limit, not a speed check
  await loginAs(page, 'admin@nirog.test');
  await page.goto('/admin/all-doctors');
  await page.getByRole('button', { name: /Export CSV/ }).click(); // the audit log has a line
  await expect(page.getByText(/^Exported \d+ rows? to nirog-doctors\.csv$/)).toBeVisible();
  const tables = ['/admin-appointments', '/admin/all-doctors', '/admin/pending-doctors', '/admin/all-nurses', '/admin/all-hired-nurses',
    '/admin/alluser', '/admin/audit-log', '/admin/user/order', '/admin/medicines', '/admin/refunds', '/admin/integrators', '/admin/webhooks'];
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const lang of ['en', 'bn']) {
    await page.evaluate((l) => localStorage.setItem('nirog.lang', l), lang);
    for (const url of tables) {
      await page.goto(url);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        for (const content of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
          if (content.scrollWidth > content.clientWidth + 1) found.push(`scrolls sideways: ${content.scrollWidth} > ${content.clientWidth}`);
        }
        for (const th of document.querySelectorAll('.ant-table-thead th')) {
          const text = th.textContent?.trim() ?? '';
          for (const word of text.split(/\s+/).filter(Boolean)) {
            const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const at = node.textContent!.indexOf(word);
              if (at < 0) continue;
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + word.length);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (lines.size > 1) found.push(`heading word broken: ${word}`);
            }
          }
        }
        return found;
      });
      expect(problems, `${url} in ${lang}`).toEqual([]);
    }
  }
});
