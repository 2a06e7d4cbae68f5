import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import { createTestApp, type TestApp } from '../app.js';
import { tracing } from '../../src/common/tracing.js';

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

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces' && req.headers['content-type'] === 'application/json') {
          const payload = JSON.parse(body) as { resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };
          for (const rs of payload.resourceSpans) {
            services.push(rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue);
            for (const ss of rs.scopeSpans) spans.push(...ss.spans);
          }
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } else {
          res.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
    t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}` } });
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
