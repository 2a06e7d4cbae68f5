import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, login, type TestApp } from '../app.js';
import { loadPersistedDocuments } from '../../src/common/persisted-queries.js';
import { FIRST_LOAD_PAGES } from '../../../frontend/src/config/firstLoads.js';
import { paths } from '../../../frontend/src/config/paths.js';

/**
 * A first-load page opened at its bare address comes with its first screen (issue #22;
 * common/spa-preloads.ts): the registered public query of frontend/src/config/firstLoads.ts is run as
 * a visitor (the same answer a visitor's GET of that query gets) and handed to the web app's server
 * build, whose screen and cache go into the page. The page here is a stand-in index.html with the
 * route-preloads.json the build writes from that list, the web app's manifest, and a stand-in server
 * build that echoes what it was given (the real one, frontend/src/prerender.tsx, has its own tests in
 * Node and in the browser: frontend/src/__tests__/prerender.test.tsx, e2e/first-screens.spec.ts).
 */
const documents = loadPersistedDocuments(path.resolve(import.meta.dirname, '../../../frontend/src/gql/persisted-documents.json'));
const hashOf = (operation: string) => [...documents].find(([, d]) => d.name === operation && d.operation === 'query')![0];
const INDEX = '<!doctype html><html><head><title>Nirog</title></head><body><div id="root"></div></body></html>';
const RENDERER = `
let renders = 0;
export async function renderScreen(lang, location, read, { splash }) {
  if (read.data.doctor?.description === 'render fails') throw new Error('render failed');
  if (read.data.doctor?.description === 'slow') await new Promise((resolve) => setTimeout(resolve, 400));
  // The first medicine's pack as the real render writes a priority picture, and React's preload of it.
  const pack = read.data.medicines?.items[0]?.imageUrl;
  const picture = pack ? '<img class="med-img" src="' + pack + '" alt="Pack" width="400" height="300" loading="eager" decoding="async" fetchPriority="high"/>' : '';
  const hints = pack ? '<link rel="preload" as="image" href="' + pack + '" fetchPriority="high"/>' : '';
  return { markup: '<p>' + lang + ' ' + location + ' ' + splash + '</p>' + picture, hints, state: { read, render: ++renders } };
}
export function intoPage(index, { lang, markup, hints }) {
  return index.replace('</head>', hints + '</head>').replace('<div id="root"></div>', '<div id="root" data-prerendered="' + lang + '">' + markup + '</div>');
}
`;

const SPLASH = '<div id="nirog-splash" class="splash"><div><p class="splash-title">Nirog</p></div></div>';
const SEEN = 'nirog.splashSeen=1';

let t: TestApp;
let dist: string;

/** A stand-in build in a new folder: index.html, route-preloads.json and the echoing server build. */
function standInDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'nirog-first-reads-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  mkdirSync(path.join(dist, '.ssr'));
  writeFileSync(path.join(dist, '.ssr', 'prerender.js'), RENDERER);
  const routes = FIRST_LOAD_PAGES.map(({ route, read }) => ({
    path: paths[route], js: [], css: route === 'medicine' ? ['/assets/MedicinePage-a.css'] : [],
    ...(read ? { read: { operationName: read.operation, hash: hashOf(read.operation), variables: read.variables } } : {}),
  }));
  writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify({ routes, exclude: ['/doctor/login', '/doctor/signup'] }));
  // The splash the server puts in a page the client renders (a session's first visit): never in a rendered screen's page.
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'prerendered', 'splash.en.html'), SPLASH);
  return dist;
}

beforeAll(async () => {
  dist = standInDist();
  t = await createTestApp({ env: { FRONTEND_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The embedded read of a page's HTML, or null. */
function embedded(html: string): { query: string; variables: Record<string, unknown>; data: Record<string, any> } | null {
  const found = /<script type="application\/json" id="nirog-first-read">(.*?)<\/script>/s.exec(html);
  return found ? JSON.parse(found[1]).read : null;
}

/** Which render of the stand-in build made the page's screen. */
const renderOf = (html: string) => JSON.parse(/id="nirog-first-read">(.*?)<\/script>/s.exec(html)![1]).render as number;

/** The screen in #root, or null. */
const screenOf = (html: string) => /<div id="root" data-prerendered="(en|bn)">(.*?)<\/div>/.exec(html)?.slice(1) ?? null;

/** What a visitor's GET of the registered query answers (what the page would have asked). */
async function visitorGet(operationName: string, variables: Record<string, unknown>) {
  const res = await t.http().get('/graphql').set('apollo-require-preflight', 'true').query({
    operationName, variables: JSON.stringify(variables), extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hashOf(operationName) } }),
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const readOf = (route: string) => FIRST_LOAD_PAGES.find((p) => p.route === route)!.read!;

describe("a first-load page's HTML carries its first screen", () => {
  it('/doctors: rendered from the visitor\'s answer to Doctors, with the cache at the end of the body', async () => {
    const res = await t.http().get('/doctors');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(screenOf(res.text)).toEqual(['en', '<p>en /doctors true</p>']);
    expect(res.text).not.toContain('nirog-splash'); // the render draws the splash itself (true above)
    const read = embedded(res.text)!;
    expect(read.query).toBe(documents.get(hashOf('Doctors'))!.text);
    expect(read.variables).toEqual(readOf('doctors').variables);
    expect(read.data.doctors.items.length).toBeGreaterThan(0);
    expect(read.data).toEqual(await visitorGet('Doctors', readOf('doctors').variables));
    expect(res.text).toMatch(/<\/script><\/body><\/html>$/);
  });

  it("/medicine and a doctor's page (the path's id in the variables)", async () => {
    const medicine = embedded((await t.http().get('/medicine')).text)!;
    expect(medicine.data).toEqual(await visitorGet('Medicines', readOf('medicine').variables));
    expect(medicine.data.medicines.items.length).toBeGreaterThan(0);

    const id = medicine && (await visitorGet('Doctors', readOf('doctors').variables)).doctors.items[0].id;
    const profile = embedded((await t.http().get(`/doctor/${id}`)).text)!;
    expect(profile.variables).toEqual({ id, reviewPage: 1 });
    expect(profile.data.doctor.id).toBe(id);
    expect(profile.data).toEqual(await visitorGet('DoctorDetail', { id, reviewPage: 1 }));
  });

  it('/medicine: the first pack, its priority picture, is a file from the storage, not written into the page', async () => {
    // Written in (a data: URL, 2026-11-26 to 11-30) the page was 19 kB, over a new connection's first
    // window: one more round trip before anything else (docs/performance.md, 2026-11-30 morning).
    const html = (await t.http().get('/medicine')).text;
    const url = embedded(html)!.data.medicines.items[0].imageUrl as string;
    expect(url).toMatch(/^\/uploads\/.+\.webp$/);
    expect((await t.http().get(url)).status).toBe(200);
    const src = /<img class="med-img" src="([^"]+)"[^>]*fetchPriority="high"/.exec(html)![1]!;
    expect(src).toBe(url);
    expect(html).not.toContain('data:image');
  });

  it("in the reader's language, and without the splash once the session has seen it (the cookies)", async () => {
    const res = await t.http().get('/medicine').set('Cookie', 'nirog.lang=bn; nirog.splashSeen=1');
    const [lang, markup] = screenOf(res.text)!;
    expect(lang).toBe('bn');
    expect(markup).toMatch(/^<p>bn \/medicine false<\/p><img class="med-img" src="\/uploads\//);
  });

  it("applies the page's own stylesheets from the start when its screen is in the HTML (only preloads them otherwise)", async () => {
    expect((await t.http().get('/medicine')).text).toContain('<link rel="stylesheet" href="/assets/MedicinePage-a.css" crossorigin>');
    expect((await t.http().get('/medicine?page=2')).text).toContain('<link rel="preload" as="style" href="/assets/MedicinePage-a.css" crossorigin>');
  });

  it('a render that fails sends the page as without it', async () => {
    const id = (await visitorGet('Doctors', readOf('doctors').variables)).doctors.items[1].id;
    await t.sql('update doctors set description = ? where id = ?', ['render fails', id]);
    const res = await t.http().get(`/doctor/${id}`).set('Cookie', SEEN);
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
    // On a first visit the page without its screen has the server's splash, as any page the client renders.
    expect((await t.http().get(`/doctor/${id}`)).text).toBe(INDEX.replace('<div id="root">', `${SPLASH}<div id="root">`));
  });

  it('nothing when the address has a query string, the answer is an error, or the page has no read', async () => {
    for (const url of ['/doctors?gender=Female', '/medicine?page=2', '/doctor/4f664425-0642-454e-91f8-12453ce223d9', '/doctor/not-an-id', '/cart', '/doctor/login', '/user-signin']) {
      const res = await t.http().get(url);
      expect([url, res.status]).toEqual([url, 200]);
      expect([url, embedded(res.text), screenOf(res.text)]).toEqual([url, null, null]);
    }
  });

  it('a visitor\'s answer whoever asks: a signed-in caller\'s token is not used for the page', async () => {
    const admin = await login(t, 'admin@nirog.test');
    const res = await t.http().get('/doctors').set('Authorization', `Bearer ${admin.token}`);
    expect(embedded(res.text)!.data).toEqual(await visitorGet('Doctors', readOf('doctors').variables));
  });

  it('nothing in the answer can end the element or start a script', async () => {
    const id = (await visitorGet('Doctors', readOf('doctors').variables)).doctors.items[0].id;
    const text = '</script><script>alert(1)</script><!-- & \u2028';
    await t.sql('update doctors set description = ? where id = ?', [text, id]);
    const html = (await t.http().get(`/doctor/${id}`)).text;
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(embedded(html)!.data.doctor.description).toBe(text);
  });
});

describe('rendered pages kept, and renders bounded', () => {
  let kept: TestApp;
  let keptDist: string;
  beforeAll(async () => {
    keptDist = standInDist();
    kept = await createTestApp({ env: { FRONTEND_DIST: keptDist, ANSWER_CACHE_SECONDS: '60' } });
    await kept.coordinator.start();
  });
  afterAll(async () => {
    await kept?.close();
    rmSync(keptDist, { recursive: true, force: true });
  });

  it('a page is rendered once per language and splash for the answer cache\'s time, and again once a doctor changes', async () => {
    const first = renderOf((await kept.http().get('/doctors')).text);
    expect(renderOf((await kept.http().get('/doctors')).text)).toBe(first);
    const bangla = renderOf((await kept.http().get('/doctors').set('Cookie', 'nirog.lang=bn')).text);
    expect(bangla).not.toBe(first);
    expect(screenOf((await kept.http().get('/doctors').set('Cookie', 'nirog.lang=bn')).text)![0]).toBe('bn');
    expect(renderOf((await kept.http().get('/doctors')).text)).toBe(first);
    await kept.sql('update doctors set fee_poisha = fee_poisha + 100 where id = (select id from doctors order by id limit 1)');
    // The notification clears the kept pages a moment after the commit.
    let again = first;
    for (let i = 0; i < 250 && again === first; i++) {
      again = renderOf((await kept.http().get('/doctors')).text);
      if (again === first) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again).not.toBe(first);
  });

  it('at most four pages render at once: the rest are sent at once without their first screen', async () => {
    const ids = (await kept.http().get('/api/doctors?pageSize=6')).body.doctors.map((d: { _id: string }) => d._id);
    expect(ids).toHaveLength(6);
    for (const id of ids) await kept.sql("update doctors set description = 'slow' where id = ?", [id]);
    const pages = await Promise.all(ids.map((id: string) => kept.http().get(`/doctor/${id}`)));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rendered = pages.filter((p) => screenOf(p.text) !== null).length;
    expect(rendered).toBe(4);
  });
});
