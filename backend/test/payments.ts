import type { TestApp } from './app.js';

/**
 * The payer in the sandbox gateway, over real HTTP: opens the provider's hosted page, presses a
 * button, follows the provider's redirect to our callback, and reports where the browser lands.
 */
export type SandboxDecision = 'approve' | 'fail' | 'cancel';

export function pathOf(url: string): string {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
}

/** Presses Approve/Fail/Cancel on the hosted page; answers the callback URL the provider sends the browser to. */
export async function decideInSandbox(t: TestApp, redirectUrl: string, decision: SandboxDecision, scenario = ''): Promise<string> {
  const page = await t.http().get(pathOf(redirectUrl));
  if (page.status !== 200 || !page.text.includes('Approve')) throw new Error(`sandbox page: ${page.status}`);
  const res = await t.http().post(pathOf(redirectUrl)).type('form').send({ decision, scenario });
  if (res.status !== 303) throw new Error(`sandbox decision: ${res.status} ${res.text.slice(0, 200)}`);
  return res.headers.location as string;
}

/** The browser arriving at our callback; answers the landing URL (success or failure page). */
export async function followCallback(t: TestApp, callbackUrl: string): Promise<string> {
  const res = await t.http().get(pathOf(callbackUrl));
  if (res.status !== 303) throw new Error(`callback: ${res.status} ${JSON.stringify(res.body)}`);
  return res.headers.location as string;
}

/** The whole payer's journey from the provider's page to our landing page. */
export async function payInSandbox(t: TestApp, redirectUrl: string, decision: SandboxDecision = 'approve', scenario = ''): Promise<string> {
  return followCallback(t, await decideInSandbox(t, redirectUrl, decision, scenario));
}
