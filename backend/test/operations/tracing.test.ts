import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import { createTestApp, type TestApp } from '../app.js';
import { tracing } from '../../src/common/tracing.js';
import { runBackgroundJob } from '../../src/common/background.js';
import { runJobs } from '../../src/jobs.js';

/**
 * Tracing on (OTEL_EXPORTER_OTLP_ENDPOINT set): a tiny OTLP/HTTP receiver on loopback takes what
 * the app sends, and one request is one trace: its HTTP span, the GraphQL root field under it, the
 * service method the resolver calls, and the SQL under that.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const RECEIVER_PORT = 4271;
const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};

describe('OpenTelemetry tracing', () => {
  let t: TestApp;
  let receiver: http.Server;
  const spans: OtlpSpan[] = [];
  const services: unknown[] = [];
  const instances: unknown[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces' && req.headers['content-type'] === 'application/json') {
          const payload = JSON.parse(body) as { resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };
          for (const rs of payload.resourceSpans) {
            services.push(rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue);
            instances.push(rs.resource.attributes.find((a) => a.key === 'service.instance.id')?.value.stringValue);
            for (const ss of rs.scopeSpans) spans.push(...ss.spans);
          }
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } else {
          res.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
    t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}`, OTEL_SERVICE_INSTANCE_ID: 'api-1' } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('follows a GraphQL request from its HTTP span through the resolver and the service to its SQL, continuing the caller\'s trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await t.http().post('/graphql')
      .set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`)
      .send({ query: 'query TracedDoctors { doctors { total } }', operationName: 'TracedDoctors' });
    expect(res.status).toBe(200);
    await tracing()!.flush();

    const trace = spans.filter((s) => s.traceId === traceId);
    const server = trace.find((s) => s.kind === 2);
    expect(server).toMatchObject({ name: 'POST /graphql', parentSpanId: '00f067aa0ba902b7' });
    expect(attr(server!, 'graphql.operation.name')).toBe('TracedDoctors');
    expect(attr(server!, 'http.response.status_code')).toBe('200');
    const resolver = trace.find((s) => s.name === 'Query.doctors');
    expect(resolver?.parentSpanId).toBe(server!.spanId);
    const service = trace.find((s) => s.name === 'DoctorService.search');
    expect(service?.parentSpanId).toBe(resolver!.spanId);
    const sql = trace.filter((s) => s.kind === 3 && s.parentSpanId === service!.spanId);
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.every((s) => s.name.startsWith('SQL ') && typeof attr(s, 'db.query.text') === 'string')).toBe(true);
    expect(services).toContain('nirog-api');
    // Replicas are told apart: every batch names the process that sent it.
    expect(instances.length).toBeGreaterThan(0);
    expect(instances.every((i) => i === 'api-1')).toBe(true);
  });

  it('traces background work on its own: a job run and each outbox send are root spans with their SQL under them', async () => {
    await runBackgroundJob('money-jobs', () => runJobs(t.orm, t.services));
    // A code to a phone: the SMS lane sends it through the sandbox gateway.
    const sent = await t.http().post('/graphql').send({ query: 'mutation($i: PhoneNumberInput!) { sendLoginCode(input: $i) { phone } }', variables: { i: { phone: '01712345678' } } });
    expect(sent.body.errors).toBeUndefined();
    expect((await t.worker.lane('sms')).done).toBe(1);
    await tracing()!.flush();

    const job = spans.find((s) => s.name === 'job money-jobs');
    expect(job).toBeDefined();
    expect(job!.parentSpanId).toBeFalsy();
    expect(attr(job!, 'nirog.job')).toBe('money-jobs');
    expect(spans.some((s) => s.traceId === job!.traceId && s.kind === 3 && s.name.startsWith('SQL '))).toBe(true);

    const send = spans.find((s) => s.name === 'outbox.send sms');
    expect(send).toBeDefined();
    expect(send!.parentSpanId).toBeFalsy();
    expect(attr(send!, 'nirog.outbox.queue')).toBe('sms');
    expect(spans.some((s) => s.traceId === send!.traceId && s.kind === 3 && s.name === 'SQL update')).toBe(true);
  });

  it('traces a REST request through its service to its SQL, without the literals of the statements', async () => {
    await t.http().get('/api/doctors?keyword=Rahim').expect(200);
    await tracing()!.flush();
    const server = spans.find((s) => s.kind === 2 && s.name === 'GET /api/doctors');
    expect(server).toBeDefined();
    const service = spans.find((s) => s.traceId === server!.traceId && s.name === 'DoctorService.search');
    expect(service?.parentSpanId).toBe(server!.spanId);
    const sql = spans.filter((s) => s.traceId === server!.traceId && s.kind === 3);
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.every((s) => s.parentSpanId === service!.spanId)).toBe(true);
    expect(sql.some((s) => String(attr(s, 'db.query.text')).includes('Rahim'))).toBe(false);
  });
});
