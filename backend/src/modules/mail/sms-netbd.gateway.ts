import type { SmsDeliveryStatus, SmsGateway } from './sms.service.js';

/**
 * # sms.net.bd (Alpha SMS, Alpha Net) HTTP API: the shapes this adapter speaks
 *
 * Every field is from a cited source; **Unconfirmed** marks what the sources leave open. The
 * provider publishes its API at https://www.sms.net.bd/api; the sources are its own SDKs and
 * public clients of the same endpoints.
 *
 * **Base URL:** `https://api.sms.net.bd` [S1, S2, S5] (`SMS_API_URL`). Authentication is the account's
 * `api_key` as a request parameter, no header [S1].
 *
 * | Call | Request | Success answer |
 * |---|---|---|
 * | Send | `POST /sendsms`, `application/x-www-form-urlencoded`: `api_key`, `msg` (the text, UTF-8: Bangla is sent as it is), `to` (one or more numbers, comma-separated, as `01XXXXXXXXX`, `8801XXXXXXXXX` or `+8801XXXXXXXXX`), optional `sender_id` (an approved sender id or masking name), optional `schedule` (`Y-m-d H:i:s`, Asia/Dhaka), optional `content_id` [S1, S2, S5] | `{"error": 0, "msg": "Request successfully submitted", "data": {"request_id": 1234567}}` [S1, S4] |
 * | Report | `GET /report/request/{request_id}/?api_key=…` [S1, S5] | `{"error": 0, "msg": "Success", "data": {"request_id": …, "request_status": "Complete", "request_charge": "0.2500", "recipients": [{"number": "8801…", "charge": "0.2500", "status": "Sent"}]}}` [S1, S4] |
 * | Balance | `GET /user/balance/?api_key=…` [S1, S5] | `{"error": 0, "msg": "Success", "data": {"balance": "00.0000"}}` [S3] |
 *
 * - **Every answer** is JSON with `error` (0 = success) and `msg`; `data` only on success. The
 *   official SDK treats any `error` other than 0 as a failure and shows `msg` [S1].
 * - **Error codes** [S3]: 400 a missing or invalid parameter · 403 no permission · 404 not found ·
 *   405 authorization required (bad `api_key`) · 409 unknown server error · 410 account expired ·
 *   411 reseller account expired or suspended · 412 invalid schedule · 413 invalid sender id ·
 *   414 message is empty · 415 message is too long · 416 no valid number · 417 insufficient balance.
 * - **Delivery:** a recipient's `status` in the report [S4]. **Unconfirmed:** the full set of values
 *   (the sources show `Sent` and `Failed`, and `request_status` `Complete`); this adapter reads
 *   Delivered/Sent/Complete as delivered, Failed/Rejected/Expired/Undelivered as failed, anything
 *   else as not known yet (asked again later, for a day).
 * - **Unconfirmed:** whether `request_id` is a number or a string (clients accept both [S5]); the
 *   HTTP status of an error answer (the SDK reads the JSON whatever the status [S1]).
 *
 * What Nirog does with it: one number per request (the outbox sends each text on its own, retried
 * with backoff); an error that names the message itself (400, 414, 415, 416) fails the text at once,
 * any other (a bad key, no balance, the provider down, a timeout) is retried, since an operator can
 * fix it; the `request_id` is the outbox row's `providerRef`, and the worker reads the report back.
 *
 * Sources:
 * [S1] smsnetbd/sms-net-bd-laravel `src/SMS.php` (the provider's own PHP SDK: endpoints, parameters, error handling) ·
 * [S2] smsnetbd/sms-net-bd-csharp-nuget `README.md`, `SMS_Net_BD/readme.md` (the provider's .NET SDK: send, schedule, report, balance) ·
 * [S3] https://codersys.com/sms-api-documentration (a reseller of the same platform: the error codes and the balance answer) ·
 * [S4] a public TypeScript client, `src/lib/sms/smsNetClient.ts` (repository not named in the index: the report's `request_status` and `recipients[{number, status, charge}]`) ·
 * [S5] @bdcode/sms 1.0.4 `dist/adapters/smsnetbd.d.ts` (endpoints `/sendsms`, `/report/request/{id}/`, `/user/balance/`; `request_id` string or number).
 */

/** An answer naming the message itself: sending it again cannot help. */
const PERMANENT = new Set([400, 414, 415, 416]);
const DELIVERED = /^(delivered|sent|complete|completed|success)$/i;
const FAILED = /^(failed|rejected|expired|undelivered|undeliverable|invalid)$/i;

export class SmsNetBdGateway implements SmsGateway {
  readonly name = 'smsnetbd';
  readonly tracksDelivery = true;

  constructor(private readonly opts: { apiKey: string; baseUrl: string; timeoutMs: number }) {}

  private async call(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    const query = new URLSearchParams(params).toString();
    const url = method === 'GET' ? `${this.opts.baseUrl}${path}?${query}` : `${this.opts.baseUrl}${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { Accept: 'application/json', ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
        body: method === 'POST' ? query : undefined,
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (e) {
      // The api_key travels in the URL of a GET: the message names the host only.
      throw new Error(`sms.net.bd unreachable (${new URL(url).host}): ${(e as Error).message}`, { cause: e });
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`sms.net.bd answered HTTP ${res.status} without JSON: ${text.slice(0, 120)}`);
    }
    if (!body || typeof body !== 'object') throw new Error(`sms.net.bd answered HTTP ${res.status}: ${text.slice(0, 120)}`);
    const answer = body as Record<string, unknown>;
    const error = Number(answer.error);
    if (answer.error === undefined || Number.isNaN(error)) throw new Error(`sms.net.bd answered HTTP ${res.status} without an error field`);
    if (error !== 0) {
      throw Object.assign(new Error(`sms.net.bd error ${error}: ${String(answer.msg ?? '')}`.trim()), { permanent: PERMANENT.has(error), providerCode: error });
    }
    return answer;
  }

  async send(to: string, body: string, sender?: string): Promise<{ providerRef: string }> {
    const answer = await this.call('POST', '/sendsms', {
      api_key: this.opts.apiKey, msg: body, to: to.replace(/^\+/, ''), ...(sender ? { sender_id: sender } : {}),
    });
    const requestId = (answer.data as { request_id?: unknown } | undefined)?.request_id;
    if (requestId === undefined || requestId === null || requestId === '') throw new Error('sms.net.bd accepted the text without a request_id');
    return { providerRef: String(requestId) };
  }

  async deliveryStatus(providerRef: string): Promise<SmsDeliveryStatus> {
    const answer = await this.call('GET', `/report/request/${encodeURIComponent(providerRef)}/`, { api_key: this.opts.apiKey });
    const data = (answer.data ?? {}) as { request_status?: unknown; recipients?: { status?: unknown }[] };
    const statuses = (Array.isArray(data.recipients) ? data.recipients : []).map((r) => String(r.status ?? ''));
    if (statuses.some((s) => FAILED.test(s))) return 'failed';
    if (statuses.length && statuses.every((s) => DELIVERED.test(s))) return 'delivered';
    return 'pending';
  }
}
