/**
 * Code shown on /developers: requests, answers and the signature check. Code is code in both
 * languages; the words around it are in i18n.ts.
 */
export const FIRST_REQUEST = (origin: string) => `curl ${origin}/graphql \\
  -H "Authorization: Bearer $NIROG_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"query":"{ doctors(pageSize: 5) { total items { id name specialities } } }"}'`;

export const COST_EXTENSION = `{
  "data": { "doctors": { "total": 65, "items": [ … ] } },
  "extensions": {
    "cost": {
      "requestedQueryCost": 22,
      "actualQueryCost": 22,
      "throttleStatus": { "maximumAvailable": 1000, "currentlyAvailable": 978, "restoreRate": 100 }
    }
  }
}`;

export const THROTTLED_ANSWER = `HTTP/1.1 429 Too Many Requests
Retry-After: 3

{
  "errors": [{
    "message": "This app's cost budget is spent: the query costs 302 points, 41 are left; retry in 3 s",
    "extensions": { "code": "THROTTLED", "reason": "THROTTLED", "retryAfter": 3 }
  }],
  "extensions": { "cost": { "requestedQueryCost": 302, "actualQueryCost": 0, "throttleStatus": { … } } }
}`;

export const SUBSCRIBE = `mutation {
  subscribeWebhook(input: {
    url: "https://partner.example/nirog/webhooks"
    events: [ORDER_PAID, ORDER_STATUS_CHANGED]
  }) {
    secret            # whsec_…: store it now
    subscription { id url events }
  }
}`;

export const DELIVERY = `POST /nirog/webhooks
Content-Type: application/json
Nirog-Webhook-Id: 0c9a4a7e-5b1f-4f7e-9a55-3c2b8d1e6f10
Nirog-Webhook-Timestamp: 1764052200
Nirog-Signature: v1=5f1d…c2a9

{"id":"0c9a4a7e-5b1f-4f7e-9a55-3c2b8d1e6f10","type":"order.statusChanged",
 "createdAt":"2026-11-25T06:30:00.000Z","object":{"type":"Order","id":"9b0f…"}}`;

export const VERIFY = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** true when the delivery was signed by Nirog with this subscription's secret, within 5 minutes. */
export function verifyNirogWebhook(secret: string, headers: Record<string, string>, rawBody: string): boolean {
  const id = headers['nirog-webhook-id'];
  const timestamp = headers['nirog-webhook-timestamp'];
  const signature = headers['nirog-signature'] ?? '';
  if (!id || !timestamp || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = 'v1=' + createHmac('sha256', secret).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest('hex');
  return expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}`;

/** The refusal codes an app meets, with their HTTP status (the words are in i18n.ts). */
export const ERROR_CODES: { code: 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'UNPROCESSABLE_CONTENT' | 'THROTTLED'; status: number }[] = [
  { code: 'BAD_USER_INPUT', status: 400 }, { code: 'UNAUTHENTICATED', status: 401 }, { code: 'FORBIDDEN', status: 403 },
  { code: 'NOT_FOUND', status: 404 }, { code: 'CONFLICT', status: 409 }, { code: 'UNPROCESSABLE_CONTENT', status: 422 }, { code: 'THROTTLED', status: 429 },
];

/** Each webhook event: what its payload's object is, and the scope that reads it. */
export const WEBHOOK_EVENTS = [
  { event: 'ORDER_PLACED', type: 'order.placed', object: 'Order', scope: 'orders:read' },
  { event: 'ORDER_PAID', type: 'order.paid', object: 'Order', scope: 'orders:read' },
  { event: 'ORDER_STATUS_CHANGED', type: 'order.statusChanged', object: 'Order', scope: 'orders:read' },
  { event: 'APPOINTMENT_BOOKED', type: 'appointment.booked', object: 'Appointment', scope: 'appointments:read' },
  { event: 'APPOINTMENT_STATUS_CHANGED', type: 'appointment.statusChanged', object: 'Appointment', scope: 'appointments:read' },
  { event: 'PAYMENT_REFUNDED', type: 'payment.refunded', object: 'Order', scope: 'orders:read' },
  { event: 'DOCTOR_APPROVED', type: 'doctor.approved', object: 'Doctor', scope: 'catalog:read' },
  { event: 'MEDICINE_STOCK_LOW', type: 'medicine.stockLow', object: 'Medicine', scope: 'catalog:read' },
] as const;

/** What the explorer opens with. */
export const EXPLORER_QUERY = `# Doctors, with the scope catalog:read. Press the run button (or Ctrl-Enter);
# the answer's extensions.cost shows what the query cost your app.
query Doctors {
  doctors(pageSize: 5) {
    total
    items { id name specialities work feePoisha }
  }
}
`;

export const LIVE_FOLLOW = (origin: string) => `import { createClient } from 'graphql-ws';

const client = createClient({
  url: '${origin.replace(/^http/, 'ws')}/graphql',
  connectionParams: { 'X-Api-Key': process.env.NIROG_KEY },
});

client.subscribe({ query: 'subscription { orderEvents { type order { id status paymentStatus } } }' }, {
  next: ({ data }) => {
    if (data.orderEvents.type === 'SYNC') refetchOrders();   // first, and after anything may have been missed
    else saveOrder(data.orderEvents.order);
  },
  error: (error) => console.error(error),
  complete: () => {},
});`;
