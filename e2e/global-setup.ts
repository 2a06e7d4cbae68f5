import { existsSync } from 'node:fs';
import { request } from '@playwright/test';
import { baseURL } from './playwright.config';
import { apiToken } from './fixtures';

/**
 * Runs once the e2e server answers (Playwright starts its webServer before the global setup).
 *
 * A paid video consultation the doctor will never start, booked and paid before any journey: the e2e
 * server makes it a no-show after CONSULTATION_NO_SHOW_MINUTES (2) and refunds it by itself, and
 * prescriptions.spec.ts checks that from the patient's side. Booked here, the two minutes pass while
 * the other journeys run; booked in that file, its last test waited them out (about 1.5 minutes of
 * each CI pass). Booked through the earlier client's own path (POST /api/new/appointment) and paid at
 * the bKash sandbox's hosted page, as that client does.
 */
export default async function globalSetup(): Promise<void> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) throw new Error(`Chromium not found at ${chromium}: apt-get install -y chromium`);

  const api = await request.newContext({ baseURL });
  try {
    const token = await apiToken(api, 'patient@nirog.test');
    const found = (await (await api.get('/api/doctors?keyword=Mahbubur')).json()) as { doctors: { id: string }[] };
    if (!found.doctors[0]) throw new Error('global setup: no demo doctor named Mahbubur');
    const booked = await api.post('/api/new/appointment', {
      headers: { Authorization: `Bearer ${token}` },
      data: { doctorId: found.doctors[0].id, name: 'Rahima Akter', age: 34, gender: 'Female', weight: '58 kg', height: `5'2"`, problem: 'Palpitations since last night' },
    });
    if (!booked.ok()) throw new Error(`global setup: booking answered ${booked.status()}: ${await booked.text()}`);
    const { url } = (await booked.json()) as { url: string };
    const paid = await api.post(new URL(url).pathname, { form: { decision: 'approve', scenario: '' } });
    if (!paid.ok()) throw new Error(`global setup: the bKash sandbox answered ${paid.status()}`);
  } finally {
    await api.dispose();
  }
}
