import { registerTranslations } from '@/i18n';

/**
 * The developer guide (/developers). Text in backticks is code and is shown as code (Prose.tsx);
 * the samples themselves are in snippets.ts.
 */
registerTranslations('developers', {
  en: {
    title: 'Developers',
    lead: 'Nirog has one API for hospitals, pharmacies, insurers and clinic apps: GraphQL at `/graphql`, the same rules as the web app, and a key of your own.',
    contents: 'On this page',
    nav: { key: 'Getting a key', auth: 'Authentication', scopes: 'Scopes', quotas: 'Quotas', webhooks: 'Webhooks', live: 'Live updates', errors: 'Errors and changes', reference: 'Reference', explorer: 'Explorer', example: 'Example integrator' },
    key: {
      p1: 'An admin of Nirog registers your app: its name, a contact email, the scopes it needs, the hospital, pharmacy or insurer it acts for, and its cost budget. You get the key once, `nrg_live_<id>_<secret>`; Nirog keeps only a fingerprint of it.',
      p2: 'Keep the key on your server, never in a browser or a phone app. If it leaks, ask for a new key (the old one keeps working for an agreed overlap, then stops) or for the app to be revoked, which stops every key at once.',
    },
    auth: {
      p1: 'Send the key with every request to `/graphql`, as `Authorization: Bearer <key>` or as `X-Api-Key: <key>`. The REST door `/api` is for people and refuses a key.',
      p2: 'A wrong key answers `UNAUTHENTICATED` with the reason `INVALID_API_KEY`; a revoked one `API_KEY_REVOKED`; an old key after its overlap `API_KEY_EXPIRED`.',
      sample: 'A first request',
    },
    scopes: {
      p1: 'Every operation an app may call names the one scope that opens it (the reference below says which, as `Integrator apps: scope …`). An operation without a scope is closed to apps, public reads included.',
      p2: 'Whom the app acts for decides which records it sees: a hospital app reads the visits of the doctors Nirog’s admins linked to it (never by a name a doctor types) and never a prescription; only the pharmacy partner’s app keeps stock. Every read of personal data by an app is written to the audit log.',
      p3: 'A call outside the app’s scopes answers `FORBIDDEN` with the reason `MISSING_SCOPE`, before anything runs; a record of another organisation `NOT_YOUR_ORGANISATION`.',
      scope: 'Scope', opens: 'What it opens', operations: 'Operations',
      list: {
        CATALOG_READ: 'Doctors, specialities and medicines',
        STOCK_WRITE: 'A medicine’s stock and price (the pharmacy partner’s app only)',
        ORDERS_READ: 'Orders, also live, and the order a webhook names',
        ORDERS_WRITE: 'Moving an order along its statuses',
        APPOINTMENTS_READ: 'The hospital visits of the doctors linked to the app, also live',
        INSURANCE_READ: 'Insurance applications',
        WEBHOOKS_MANAGE: 'The app’s webhook subscriptions and deliveries',
      },
    },
    quotas: {
      p1: 'Each app spends from a bucket of points: 1,000 unless agreed otherwise, refilling 100 points a second, kept in the database so every server shares it. Your web app users keep their own limits.',
      p2: 'A request costs 1 point per field, and a list its page size times its fields, counted before it runs. What the answer did not use (a page that came back shorter) goes back to the bucket after.',
      p3: 'Every answer to an app carries `extensions.cost`: the requested and the actual cost and the bucket after.',
      p4: 'A request the bucket cannot pay for is refused before it runs: `HTTP 429`, code `THROTTLED`, and `extensions.retryAfter` (also the `Retry-After` header) says in how many seconds the bucket holds enough. Ask for smaller pages, or wait.',
    },
    webhooks: {
      p1: 'Subscribe with `subscribeWebhook(input: { url, events })` (scope `webhooks:manage`, and for each event the scope that reads its object). The answer carries the subscription’s signing secret, `whsec_…`, shown once. The URL must be https.',
      p2: 'Each delivery is a POST of a small JSON body: the event and the object’s id. Read the rest with your key, so you see only what your scopes allow, as it is now.',
      p3: 'Three headers come with it: `Nirog-Webhook-Id` (the event id), `Nirog-Webhook-Timestamp` (Unix seconds) and `Nirog-Signature`, `v1=` and the hex HMAC-SHA256 of `<id>.<timestamp>.<raw body>` keyed with the secret. Check it on the raw bytes before parsing, compare in constant time, and refuse a timestamp more than 5 minutes from your clock.',
      p4: 'Answer any 2xx within 10 seconds. Anything else is tried again with backoff (30 seconds, doubling, at most an hour apart, 8 attempts). A retry or a resend by an admin has the same id and body: ignore ids you have handled. Deliveries go out after the change is saved, once per event and subscription. `webhookDeliveries` lists yours with every attempt.',
      events: 'Events', event: 'Event', object: 'Object', scope: 'Scope',
      verify: 'Checking a signature (Node.js)', body: 'What arrives',
      list: {
        ORDER_PLACED: 'An order was placed (before it is paid)', ORDER_PAID: 'An order was paid', ORDER_STATUS_CHANGED: 'An order moved to another status',
        APPOINTMENT_BOOKED: 'A hospital visit was booked at the app’s hospital', APPOINTMENT_STATUS_CHANGED: 'A hospital visit at the app’s hospital moved to another status',
        PAYMENT_REFUNDED: 'An order’s payment was refunded (the object is the order)', DOCTOR_APPROVED: 'A doctor was approved and is listed',
        MEDICINE_STOCK_LOW: 'A medicine’s stock fell to 10 or below',
      },
    },
    live: {
      p1: 'While your app is connected it can also hear changes as they happen: GraphQL subscriptions over a `WebSocket` at `/graphql` (the `graphql-transport-ws` protocol of any `graphql-ws` client). `orderEvents` follows every order (scope `orders:read`), `appointmentEvents` your hospital’s visits (`appointments:read`); give an `id` to follow one record. Send your key in the `connection_init` payload, as `X-Api-Key`.',
      p2: 'The first event is `SYNC`: read again what you keep, since changes may have happened before you were listening. `SYNC` comes again whenever the server may have missed something. Each `CHANGE` carries the record as your scopes show it now. A subscription costs its fields from your budget when it starts, and each event what it carries; a spent budget ends it with `THROTTLED`.',
      p3: 'Subscribe again after a close (any `graphql-ws` client does it by itself); a close with `4401` means your key was revoked. Queries and mutations stay on HTTP. Webhooks remain the way to be told while you are not connected: they are kept and retried.',
      sample: 'Following orders (Node.js)',
    },
    errors: {
      p1: 'Every refusal names a reason from a closed set in `extensions.reason`, with its `extensions.code` and HTTP status; `extensions.params` fills in the details and `extensions.fields` names the fields of a form. The `ErrorReason` enum and the `errorReasons` query list every reason with what it means.',
      p2: 'The schema changes only with notice: a field to be removed is first deprecated with a removal date at least three months ahead (the reference marks it), and every release is listed in the schema’s changelog. Additions can come at any time.',
      code: 'Code', status: 'HTTP status', when: 'When',
      codes: {
        BAD_USER_INPUT: 'A value is missing or wrong', UNAUTHENTICATED: 'No valid key', FORBIDDEN: 'Outside the app’s scopes or organisation',
        NOT_FOUND: 'No such record (or not one the app may see)', CONFLICT: 'The record is not in a state that allows it (or the same Idempotency-Key is still being carried out)', UNPROCESSABLE_CONTENT: 'The Idempotency-Key was used with another request', THROTTLED: 'The cost budget is spent',
      },
    },
    reference: {
      intro: 'Every type and field of the schema this server runs, with its description; deprecated fields say what replaces them.',
      search: 'Search types, fields and descriptions', matches_one: '{{count}} type matches', matches_other: '{{count}} types match',
      none: 'Nothing matches “{{q}}”', deprecated: 'Deprecated', args: 'Arguments', values: 'Values', fields: 'Fields',
      kinds: { type: 'type', input: 'input', enum: 'enum', scalar: 'scalar', interface: 'interface', union: 'union' },
      showAll: 'Show all {{count}} types', loading: 'Reading the schema…',
    },
    explorer: {
      intro: 'Run queries against this Nirog with your app’s key. The key stays in this page and goes only to this server; without one you are a visitor.',
      key: 'Your app key', open: 'Open the explorer', loading: 'Loading the explorer…', failed: 'The explorer could not be loaded. Reload the page to try again.',
      title: 'GraphQL explorer', queryEditor: 'Query', variablesEditor: 'Variables', answerEditor: 'Answer', answerScroll: 'The answer, scrollable',
    },
    example: {
      p1: 'A small TypeScript program in the repository, `examples/integrator`, does all of this with typed documents: it lists doctors, updates a medicine’s stock, is refused outside its scopes, meets its budget, and receives and checks a webhook.',
    },
  },
  bn: {
    title: 'ডেভেলপার',
    lead: 'হাসপাতাল, ফার্মেসি, বিমা প্রতিষ্ঠান ও ক্লিনিক অ্যাপের জন্য নীরোগের একটিই এপিআই: `/graphql`-এ GraphQL, ওয়েব অ্যাপের মতো একই নিয়ম, আর আপনার নিজের একটি কী।',
    contents: 'এই পাতায়',
    nav: { key: 'কী পাওয়া', auth: 'পরিচয় যাচাই', scopes: 'অনুমতি (স্কোপ)', quotas: 'কোটা', webhooks: 'ওয়েবহুক', live: 'লাইভ হালনাগাদ', errors: 'ত্রুটি ও পরিবর্তন', reference: 'রেফারেন্স', explorer: 'এক্সপ্লোরার', example: 'উদাহরণ ইন্টিগ্রেটর' },
    key: {
      p1: 'নীরোগের একজন অ্যাডমিন আপনার অ্যাপ নিবন্ধন করেন: নাম, যোগাযোগের ইমেইল, যে অনুমতিগুলো দরকার, যে হাসপাতাল, ফার্মেসি বা বিমা প্রতিষ্ঠানের হয়ে অ্যাপটি কাজ করে, আর এর খরচের বাজেট। কী আপনি একবারই পান, `nrg_live_<id>_<secret>`; নীরোগ এর কেবল একটি ছাপ রাখে।',
      p2: 'কী আপনার সার্ভারে রাখুন, কখনো ব্রাউজার বা ফোনের অ্যাপে নয়। ফাঁস হলে নতুন কী চান (পুরনোটি ঠিক করা সময় পর্যন্ত চলে, তারপর বন্ধ হয়) অথবা অ্যাপটি বাতিল করতে বলুন, তাতে সব কী একসাথে বন্ধ হয়।',
    },
    auth: {
      p1: '`/graphql`-এ প্রতিটি অনুরোধের সাথে কী পাঠান: `Authorization: Bearer <key>` অথবা `X-Api-Key: <key>` হিসেবে। REST দরজা `/api` মানুষের জন্য, সেখানে কী চলে না।',
      p2: 'ভুল কী হলে উত্তর আসে `UNAUTHENTICATED`, কারণ `INVALID_API_KEY`; বাতিল কী হলে `API_KEY_REVOKED`; সময় পেরোনো পুরনো কী হলে `API_KEY_EXPIRED`।',
      sample: 'প্রথম অনুরোধ',
    },
    scopes: {
      p1: 'অ্যাপ যে অপারেশন ডাকতে পারে তার প্রতিটি জানায় কোন একটি অনুমতিতে তা খোলে (নিচের রেফারেন্সে লেখা থাকে `Integrator apps: scope …`)। যে অপারেশনের কোনো অনুমতি নেই তা অ্যাপের জন্য বন্ধ, সবার জন্য খোলা তথ্যও।',
      p2: 'অ্যাপটি কার হয়ে কাজ করে তা ঠিক করে কোন রেকর্ড দেখা যাবে: হাসপাতালের অ্যাপ কেবল নিরোগের অ্যাডমিনের যুক্ত করা ডাক্তারদের ভিজিট দেখে (ডাক্তারের লেখা কোনো নাম মিলিয়ে নয়), কখনো প্রেসক্রিপশন নয়; মজুত রাখে কেবল ফার্মেসি অংশীদারের অ্যাপ। অ্যাপ ব্যক্তিগত তথ্য পড়লে প্রতিবার তা অডিট লগে লেখা হয়।',
      p3: 'অনুমতির বাইরের অনুরোধ কিছু চালানোর আগেই `FORBIDDEN` উত্তর পায়, কারণ `MISSING_SCOPE`; অন্য প্রতিষ্ঠানের রেকর্ড হলে `NOT_YOUR_ORGANISATION`।',
      scope: 'অনুমতি', opens: 'যা খোলে', operations: 'অপারেশন',
      list: {
        CATALOG_READ: 'ডাক্তার, বিশেষজ্ঞতা ও ওষুধ',
        STOCK_WRITE: 'ওষুধের মজুত ও দাম (কেবল ফার্মেসি অংশীদারের অ্যাপ)',
        ORDERS_READ: 'অর্ডার, লাইভও, আর ওয়েবহুকে যে অর্ডারের কথা আসে',
        ORDERS_WRITE: 'অর্ডারের অবস্থা বদলানো',
        APPOINTMENTS_READ: 'অ্যাপের সাথে যুক্ত ডাক্তারদের হাসপাতাল ভিজিট, লাইভও',
        INSURANCE_READ: 'বিমার আবেদন',
        WEBHOOKS_MANAGE: 'অ্যাপের ওয়েবহুক সাবস্ক্রিপশন ও ডেলিভারি',
      },
    },
    quotas: {
      p1: 'প্রতিটি অ্যাপ পয়েন্টের একটি বাকেট থেকে খরচ করে: অন্য কিছু ঠিক না হলে ১,০০০, প্রতি সেকেন্ডে ১০০ পয়েন্ট করে ভরে, ডেটাবেসে রাখা হয় বলে সব সার্ভার একই বাকেট দেখে। ওয়েব অ্যাপের ব্যবহারকারীদের সীমা আগের মতোই থাকে।',
      p2: 'প্রতি ফিল্ডে ১ পয়েন্ট, আর তালিকায় পাতার মাপ গুণ তার ফিল্ড, চালানোর আগেই গোনা হয়। উত্তরে যা লাগেনি (ছোট হয়ে ফেরা পাতা) তা পরে বাকেটে ফিরে যায়।',
      p3: 'অ্যাপের প্রতিটি উত্তরে থাকে `extensions.cost`: চাওয়া ও আসল খরচ, আর পরে বাকেটের অবস্থা।',
      p4: 'বাকেট যে অনুরোধের খরচ দিতে পারে না তা চালানোর আগেই ফেরত যায়: `HTTP 429`, কোড `THROTTLED`, আর `extensions.retryAfter` (আর `Retry-After` হেডার) জানায় কত সেকেন্ড পরে বাকেটে যথেষ্ট পয়েন্ট হবে। ছোট পাতা চান, অথবা অপেক্ষা করুন।',
    },
    webhooks: {
      p1: '`subscribeWebhook(input: { url, events })` দিয়ে সাবস্ক্রাইব করুন (অনুমতি `webhooks:manage`, আর প্রতিটি ঘটনার জন্য তার বিষয় পড়ার অনুমতি)। উত্তরে থাকে সাবস্ক্রিপশনের সই করার গোপন কী `whsec_…`, শুধু একবার দেখানো হয়। URL অবশ্যই https হতে হবে।',
      p2: 'প্রতিটি ডেলিভারি একটি ছোট JSON বডির POST: ঘটনা আর বিষয়ের আইডি। বাকিটা আপনার কী দিয়ে পড়ুন, তাতে আপনার অনুমতি যতটুকু দেয় ততটুকুই দেখবেন, এখন যেমন আছে।',
      p3: 'সাথে আসে তিনটি হেডার: `Nirog-Webhook-Id` (ইভেন্ট আইডি), `Nirog-Webhook-Timestamp` (ইউনিক্স সেকেন্ড) আর `Nirog-Signature`, অর্থাৎ `v1=` এবং গোপন কী দিয়ে `<id>.<timestamp>.<raw body>`-এর হেক্স HMAC-SHA256। পার্স করার আগে কাঁচা বাইটের ওপর যাচাই করুন, স্থির সময়ে তুলনা করুন, আর আপনার ঘড়ি থেকে ৫ মিনিটের বেশি দূরের টাইমস্ট্যাম্প ফিরিয়ে দিন।',
      p4: '১০ সেকেন্ডের মধ্যে যেকোনো 2xx দিয়ে উত্তর দিন। অন্য কিছু হলে বিরতি দিয়ে আবার চেষ্টা হয় (৩০ সেকেন্ড, প্রতিবার দ্বিগুণ, বড়জোর এক ঘণ্টা পরপর, ৮ বার)। আবার চেষ্টা বা অ্যাডমিনের আবার পাঠানোয় আইডি ও বডি একই থাকে: যে আইডি আগে সামলেছেন তা বাদ দিন। পরিবর্তন সংরক্ষিত হওয়ার পরেই ডেলিভারি যায়, প্রতি ঘটনা ও সাবস্ক্রিপশনে একবার। `webhookDeliveries` আপনার ডেলিভারি প্রতিটি চেষ্টাসহ দেখায়।',
      events: 'ঘটনাগুলো', event: 'ঘটনা', object: 'বিষয়', scope: 'অনুমতি',
      verify: 'সই যাচাই (Node.js)', body: 'যা আসে',
      list: {
        ORDER_PLACED: 'অর্ডার দেওয়া হয়েছে (টাকা দেওয়ার আগে)', ORDER_PAID: 'অর্ডারের টাকা পরিশোধ হয়েছে', ORDER_STATUS_CHANGED: 'অর্ডারের অবস্থা বদলেছে',
        APPOINTMENT_BOOKED: 'অ্যাপের হাসপাতালে একটি ভিজিট বুক হয়েছে', APPOINTMENT_STATUS_CHANGED: 'অ্যাপের হাসপাতালের একটি ভিজিটের অবস্থা বদলেছে',
        PAYMENT_REFUNDED: 'অর্ডারের টাকা ফেরত দেওয়া হয়েছে (বিষয় হলো অর্ডারটি)', DOCTOR_APPROVED: 'একজন ডাক্তার অনুমোদিত হয়ে তালিকায় এসেছেন',
        MEDICINE_STOCK_LOW: 'কোনো ওষুধের মজুত ১০ বা তার নিচে নেমেছে',
      },
    },
    live: {
      p1: 'আপনার অ্যাপ যুক্ত থাকলে পরিবর্তন ঘটা মাত্র শুনতেও পারে: `/graphql`-এ `WebSocket` দিয়ে GraphQL সাবস্ক্রিপশন (যেকোনো `graphql-ws` ক্লায়েন্টের `graphql-transport-ws` প্রটোকল)। `orderEvents` সব অর্ডার অনুসরণ করে (অনুমতি `orders:read`), `appointmentEvents` আপনার হাসপাতালের ভিজিট (`appointments:read`); একটি রেকর্ড অনুসরণ করতে `id` দিন। কী পাঠান `connection_init`-এর পেলোডে, `X-Api-Key` হিসেবে।',
      p2: 'প্রথম ইভেন্ট `SYNC`: আপনার রাখা তথ্য আবার পড়ুন, কারণ শোনা শুরুর আগেও পরিবর্তন হয়ে থাকতে পারে। সার্ভার কিছু হারিয়ে থাকতে পারলে `SYNC` আবার আসে। প্রতিটি `CHANGE` রেকর্ডটি এখন যেমন, আপনার অনুমতি যতটুকু দেখায় ততটুকু নিয়ে আসে। সাবস্ক্রিপশন শুরুতে তার ফিল্ডের খরচ আর প্রতিটি ইভেন্টে যা বয়ে আনে তার খরচ বাজেট থেকে নেয়; বাজেট শেষ হলে `THROTTLED` দিয়ে থামে।',
      p3: 'সংযোগ বন্ধ হলে আবার সাবস্ক্রাইব করুন (যেকোনো `graphql-ws` ক্লায়েন্ট নিজেই করে); `4401` দিয়ে বন্ধ মানে আপনার কী বাতিল হয়েছে। কোয়েরি ও মিউটেশন `HTTP`-তেই থাকে। যুক্ত না থাকার সময় খবর পাওয়ার পথ ওয়েবহুক: সেগুলো রাখা থাকে ও আবার চেষ্টা হয়।',
      sample: 'অর্ডার অনুসরণ (Node.js)',
    },
    errors: {
      p1: 'প্রতিটি প্রত্যাখ্যান `extensions.reason`-এ একটি নির্দিষ্ট তালিকার কারণ জানায়, সাথে তার `extensions.code` ও HTTP স্ট্যাটাস; `extensions.params` বিস্তারিত দেয়, `extensions.fields` ফর্মের ফিল্ডের নাম বলে। `ErrorReason` এনাম আর `errorReasons` কোয়েরি প্রতিটি কারণ ও তার মানে দেখায়।',
      p2: 'স্কিমা বদলায় কেবল আগাম নোটিশ দিয়ে: কোনো ফিল্ড সরানোর আগে অন্তত তিন মাস পরের তারিখসহ তা অপ্রচলিত ঘোষণা করা হয় (রেফারেন্সে চিহ্ন থাকে), আর প্রতিটি রিলিজ স্কিমার পরিবর্তন-তালিকায় থাকে। নতুন কিছু যেকোনো সময় যোগ হতে পারে।',
      code: 'কোড', status: 'HTTP স্ট্যাটাস', when: 'কখন',
      codes: {
        BAD_USER_INPUT: 'কোনো মান নেই বা ভুল', UNAUTHENTICATED: 'সঠিক কী নেই', FORBIDDEN: 'অ্যাপের অনুমতি বা প্রতিষ্ঠানের বাইরে',
        NOT_FOUND: 'এমন রেকর্ড নেই (বা অ্যাপ দেখতে পারে না)', CONFLICT: 'রেকর্ডটি এমন অবস্থায় নেই যে এটি করা যায় (বা একই Idempotency-Key দিয়ে পাঠানো অনুরোধ এখনো চলছে)', UNPROCESSABLE_CONTENT: 'Idempotency-Key অন্য একটি অনুরোধে ব্যবহার হয়েছে', THROTTLED: 'খরচের বাজেট শেষ',
      },
    },
    reference: {
      intro: 'এই সার্ভারে চলা স্কিমার প্রতিটি টাইপ ও ফিল্ড, বর্ণনাসহ; অপ্রচলিত ফিল্ড জানায় কী তার জায়গা নেবে।',
      search: 'টাইপ, ফিল্ড ও বর্ণনায় খুঁজুন', matches_one: '{{count}}টি টাইপ মেলে', matches_other: '{{count}}টি টাইপ মেলে',
      none: '“{{q}}”-এর সাথে কিছু মেলেনি', deprecated: 'অপ্রচলিত', args: 'আর্গুমেন্ট', values: 'মান', fields: 'ফিল্ড',
      kinds: { type: 'টাইপ', input: 'ইনপুট', enum: 'এনাম', scalar: 'স্কেলার', interface: 'ইন্টারফেস', union: 'ইউনিয়ন' },
      showAll: 'সব {{count}}টি টাইপ দেখুন', loading: 'স্কিমা পড়া হচ্ছে…',
    },
    explorer: {
      intro: 'আপনার অ্যাপের কী দিয়ে এই নীরোগে কোয়েরি চালান। কী এই পাতাতেই থাকে আর কেবল এই সার্ভারে যায়; কী ছাড়া আপনি একজন দর্শনার্থী।',
      key: 'আপনার অ্যাপের কী', open: 'এক্সপ্লোরার খুলুন', loading: 'এক্সপ্লোরার আসছে…', failed: 'এক্সপ্লোরার আনা যায়নি। আবার চেষ্টা করতে পাতাটি নতুন করে খুলুন।',
      title: 'GraphQL এক্সপ্লোরার', queryEditor: 'কোয়েরি', variablesEditor: 'ভেরিয়েবল', answerEditor: 'উত্তর', answerScroll: 'উত্তর, স্ক্রল করা যায়',
    },
    example: {
      p1: 'রিপোজিটরির `examples/integrator`-এ একটি ছোট TypeScript প্রোগ্রাম টাইপ করা ডকুমেন্ট দিয়ে এর সবই করে: ডাক্তারের তালিকা আনে, ওষুধের মজুত বদলায়, অনুমতির বাইরে ফেরত পায়, বাজেটের সীমায় পৌঁছায়, আর ওয়েবহুক পেয়ে তা যাচাই করে।',
    },
  },
});
