import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, asVisitor, createTestApp, type TestApp } from '../../../../test/app.js';
import { loadConfig } from '../../../config.js';
import type { Context } from '../../../common/context.js';
import { SiteResolver } from '../../site/site.resolver.js';
import { chatWidgetCsp } from '../../site/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('insurance', () => {
  it('serves the seeded articles', async () => {
    const res = await asVisitor(t).gql('{ insuranceArticles { slug title summary body } }');
    expect(res.data!.insuranceArticles.length).toBeGreaterThanOrEqual(3);
    expect((await asVisitor(t).get('/insurance/articles')).body.articles[0]).toHaveProperty('title');
  });

  it('serves each seeded article in Bangla as well (issue 16)', async () => {
    const res = await asVisitor(t).gql('{ insuranceArticles { slug title titleBn summaryBn bodyBn } }');
    const articles = res.data!.insuranceArticles as { slug: string; title: string; titleBn: string; summaryBn: string; bodyBn: string }[];
    expect(articles.find((a) => a.slug === 'cashless-claims')?.titleBn).toBe('তালিকাভুক্ত হাসপাতালে ক্যাশলেস দাবি কীভাবে হয়');
    for (const a of articles) for (const text of [a.titleBn, a.summaryBn, a.bodyBn]) expect(text).toMatch(/^[\u0980-\u09FF]/);
  });

  it("stores an application ('Apply Insurance') that admins can list", async () => {
    const bad = await asVisitor(t).post('/insurance/apply', { name: 'Selina', email: 'selina@example.com', phone: '01911223344' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter all Fields');
    const ok = await asVisitor(t).post('/insurance/apply', { name: 'Selina Hayat', email: 'selina@example.com', phone: '01911223344', gender: 'Female' });
    expect(ok.status).toBe(200);
    const admin = await asAdmin(t);
    const list = await admin.get('/admin/insurance/applications');
    expect(list.body.applications).toContainEqual(expect.objectContaining({ name: 'Selina Hayat', phone: '01911223344', gender: 'Female' }));
    expect((await asVisitor(t).get('/admin/insurance/applications')).status).toBe(401);
    expect((await (await asPatient(t)).gql('{ insuranceApplications { total } }')).code).toBe('FORBIDDEN');
  });
});

describe('ambulance directory', () => {
  it('lists seeded services and filters by area', async () => {
    const all = await asVisitor(t).get('/ambulances');
    expect(all.body.ambulances.length).toBeGreaterThanOrEqual(10);
    const uttara = await asVisitor(t).gql('{ ambulanceServices(area: Uttara) { name area phone type } }');
    expect(uttara.data!.ambulanceServices.length).toBeGreaterThanOrEqual(2);
    expect(uttara.data!.ambulanceServices.every((a: { area: string; phone: string }) => a.area === 'Uttara' && /^01\d{9}$/.test(a.phone))).toBe(true);
    expect((await asVisitor(t).get('/ambulances?area=Nowhere')).status).toBe(400);
  });
});

describe('contact and partners', () => {
  it('stores a contact message for admins', async () => {
    expect((await asVisitor(t).post('/contact', { name: 'A', email: 'a@example.com' })).status).toBe(400);
    expect((await asVisitor(t).post('/contact', { name: 'Abir', email: 'abir@example.com', message: 'Do you cover Sylhet?' })).status).toBe(200);
    const admin = await asAdmin(t);
    const res = await admin.gql('{ contactMessages { items { name message } total } }');
    expect(res.data!.contactMessages.items).toContainEqual({ name: 'Abir', message: 'Do you cover Sylhet?' });
    expect((await (await asPatient(t)).get('/admin/contact/messages')).status).toBe(403);
  });

  it('serves the partners strip', async () => {
    const res = await asVisitor(t).gql('{ partners { name website } }');
    expect(res.data!.partners.length).toBeGreaterThanOrEqual(4);
  });
});

describe('chat widget', () => {
  it('is off by default: no provider, and the page policy allows no third-party script', async () => {
    const res = await asVisitor(t).gql('{ siteSettings { chatWidgetProvider chatWidgetId } }');
    expect(res.data!.siteSettings).toEqual({ chatWidgetProvider: null, chatWidgetId: null });
    expect((await t.http().get('/healthz')).headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('when configured, names the provider and allows exactly its origins', () => {
    const config = loadConfig({ NODE_ENV: 'test', CHAT_WIDGET_PROVIDER: 'tawk', CHAT_WIDGET_ID: '64f0c0ffee/1h9abc' });
    const settings = new SiteResolver().siteSettings({ services: { config } } as unknown as Context);
    expect(settings).toEqual({ chatWidgetProvider: 'tawk', chatWidgetId: '64f0c0ffee/1h9abc' });
    expect(chatWidgetCsp(config).scriptSrc).toEqual(['https://embed.tawk.to', 'https://cdn.jsdelivr.net']);
    expect(chatWidgetCsp(loadConfig({ NODE_ENV: 'test', CHAT_WIDGET_PROVIDER: 'tawk' })).scriptSrc).toEqual([]); // no id, no widget
  });
});

describe('care demo data', () => {
  const TABLES = ['nurses', 'nurse_hires', 'nurse_reviews', 'blood_donors', 'ambulance_services', 'insurance_articles', 'partners'];
  const counts = async () => {
    const conn = t.orm.em.fork().getConnection();
    const out: Record<string, number> = {};
    for (const table of TABLES) out[table] = Number((await conn.execute<{ n: string }[]>(`select count(*) as n from ${table}`))[0]!.n);
    return out;
  };

  it('has donors of every blood group and nurses in every location', async () => {
    const conn = t.orm.em.fork().getConnection();
    const groups = ((await conn.execute('select distinct "group" from blood_donors')) as { group: string }[]).map((r) => r.group).sort();
    expect(groups).toEqual(['A+', 'A-', 'AB+', 'AB-', 'B+', 'B-', 'O+', 'O-']);
    const locations = (await conn.execute('select location, count(*) as n from nurses group by location')) as { location: string; n: string }[];
    expect(locations).toHaveLength(5);
    expect(locations.every((l) => Number(l.n) >= 6)).toBe(true);
  });

  it('seeds again without adding anything', async () => {
    const before = await counts();
    const { seedDemoData } = await import('../../../seeders/DatabaseSeeder.js');
    await seedDemoData(t.orm, t.services.images.generated);
    expect(await counts()).toEqual(before);
  });
});
