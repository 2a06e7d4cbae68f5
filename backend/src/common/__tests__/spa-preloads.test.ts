import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpaPages } from '../spa-preloads.js';

const INDEX = '<!doctype html><html><head><title>Nirog</title></head><body><div id="root"></div></body></html>';
const PRELOADS = {
  routes: [
    { path: '/doctors', js: ['/assets/DoctorsPage-a.js', '/assets/apollo-b.js'], css: [] },
    { path: '/doctor/:doctorId', js: ['/assets/DoctorDetailPage-c.js', '/assets/apollo-b.js'], css: ['/assets/page-d.css'] },
  ],
  exclude: ['/doctor/login', '/doctor/signup'],
};

function dist(withPreloads: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nirog-spa-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (withPreloads) writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(PRELOADS));
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the single-page app with its first-load preloads', () => {
  const pages = new SpaPages(dist(true));

  it("names a first-load page's chunks (and stylesheet) in the head, in order, nothing else changed", () => {
    const html = pages.htmlFor('/doctor/4f664425-0642-454e-91f8-12453ce223d9');
    expect(html).toBe(INDEX.replace('</head>', '<link rel="preload" as="style" href="/assets/page-d.css">'
      + '<link rel="modulepreload" crossorigin href="/assets/DoctorDetailPage-c.js"><link rel="modulepreload" crossorigin href="/assets/apollo-b.js"></head>'));
    expect(pages.htmlFor('/doctors')).toContain('href="/assets/DoctorsPage-a.js"');
    expect(pages.htmlFor('/doctors/')).toContain('href="/assets/DoctorsPage-a.js"');
  });

  it('gives every other route index.html as built, static routes beside a parameter route included', () => {
    for (const p of ['/', '/doctor/login', '/doctor/signup', '/doctor/a/b', '/doctorsx', '/admin-dashboard', '/nope']) expect(pages.htmlFor(p)).toBe(INDEX);
  });

  it('serves index.html as built when the build wrote no preloads (an older build)', () => {
    expect(new SpaPages(dist(false)).htmlFor('/doctors')).toBe(INDEX);
  });
});
