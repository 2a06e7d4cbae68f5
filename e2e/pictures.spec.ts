import { expect, test } from './fixtures';

/**
 * Real pictures on the screens patients open first (issue 14, item 1): at 390 px, home, /doctors,
 * /nurses and /medicine show every doctor's and nurse's portrait and every medicine's pack as a
 * WebP from the storage that loads, with its width and height set (no layout shift), lazy below the
 * fold, and alt text in the page's language; none falls back to initials or a pack icon. The
 * screenshots are kept (test-results/e2e-artifacts) to be looked at.
 */
const SCREENS = [['home', '/'], ['doctors', '/doctors'], ['nurses', '/nurses'], ['medicine', '/medicine']] as const;

for (const lang of ['en', 'bn'] as const) {
  test(`real pictures at 390 px in ${lang === 'en' ? 'English' : 'Bangla'} on home, /doctors, /nurses and /medicine`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('nirog.lang', l), lang);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [name, route] of SCREENS) {
      await page.goto(route);
      await expect(page.locator('main img').first()).toBeVisible();
      // scroll through the page so that the lazy pictures load, as a reader would
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 300) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 50)); }
        window.scrollTo(0, 0);
      });
      await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('main img')].every((i) => (i as HTMLImageElement).complete))).toBe(true);
      const pictures = await page.evaluate(() => [...document.querySelectorAll('main img')].map((el) => {
        const i = el as HTMLImageElement;
        const box = i.getBoundingClientRect();
        return { src: i.getAttribute('src') ?? '', priority: i.getAttribute('fetchpriority'), width: i.getAttribute('width'), height: i.getAttribute('height'), alt: i.alt, loading: i.loading,
          loaded: i.naturalWidth > 0, top: box.top + window.scrollY };
      }));
      expect(pictures.length, `${name}: pictures`).toBeGreaterThanOrEqual(4);
      for (const p of pictures) {
        expect(p, `${name}: ${p.src.slice(0, 80)}`).toMatchObject({ loaded: true, src: expect.stringMatching(/^\/uploads\/.+\.webp$/), width: expect.stringMatching(/^\d+$/), height: expect.stringMatching(/^\d+$/) });
        expect(p.alt, `${name}: alt of ${p.src.slice(0, 80)}`).toMatch(lang === 'en' ? /^(Photo of|Pack of) / : /(ছবি|প্যাকেট)/);
        if (p.top > 844 * 2) expect(p.loading, `${name}: ${p.src.slice(0, 80)} far below the fold`).toBe('lazy');
      }
      // no card fell back to initials or a pack icon
      await expect(page.locator('main .picture-fallback')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`${lang}-390-${name}.png`), fullPage: false });
    }
  });
}
