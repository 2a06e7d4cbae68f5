import { context, propagation, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode, type AttributeValue, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator, hrTimeToNanoseconds, type ExportResult } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { Request } from 'express';
import { routeLabel } from './metrics.js';
import type { Tracing, TracingConfig } from './tracing.js';

/**
 * Loaded only when tracing is on (common/tracing.ts). Spans go to the collector as OTLP/HTTP JSON
 * (POST <endpoint>/v1/traces), which every OpenTelemetry collector and Jaeger, Tempo and the like
 * accept; the few lines of encoding below spare the official exporter's protobuf, logs and metrics
 * packages.
 */

type OtlpValue = { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean }
  | { arrayValue: { values: OtlpValue[] } };

function otlpValue(v: AttributeValue): OtlpValue {
  if (Array.isArray(v)) return { arrayValue: { values: v.filter((x) => x != null).map((x) => otlpValue(x as AttributeValue)) } };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'number') return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
  return { stringValue: String(v) };
}

const attributes = (attrs: Record<string, AttributeValue | undefined>) =>
  Object.entries(attrs).filter(([, v]) => v !== undefined).map(([key, v]) => ({ key, value: otlpValue(v!) }));

export function toOtlpJson(spans: ReadableSpan[]) {
  const byResource = new Map<ReadableSpan['resource'], ReadableSpan[]>();
  for (const s of spans) byResource.set(s.resource, [...(byResource.get(s.resource) ?? []), s]);
  return {
    resourceSpans: [...byResource].map(([resource, list]) => ({
      resource: { attributes: attributes(resource.attributes as Record<string, AttributeValue>) },
      scopeSpans: [{
        scope: { name: list[0].instrumentationScope.name, version: list[0].instrumentationScope.version },
        spans: list.map((s) => ({
          traceId: s.spanContext().traceId,
          spanId: s.spanContext().spanId,
          parentSpanId: s.parentSpanContext?.spanId,
          name: s.name,
          // OTLP counts kinds from 1 (INTERNAL), the API from 0.
          kind: s.kind + 1,
          startTimeUnixNano: String(hrTimeToNanoseconds(s.startTime)),
          endTimeUnixNano: String(hrTimeToNanoseconds(s.endTime)),
          attributes: attributes(s.attributes),
          status: { code: s.status.code, message: s.status.message },
        })),
      }],
    })),
  };
}

class OtlpJsonExporter implements SpanExporter {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly url: string, private readonly headers: Record<string, string>) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    const sent = fetch(this.url, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json' },
      body: JSON.stringify(toOtlpJson(spans)),
      signal: AbortSignal.timeout(10_000),
    }).then(async (res) => {
      await res.arrayBuffer().catch(() => undefined);
      done({ code: res.ok ? ExportResultCode.SUCCESS : ExportResultCode.FAILED });
    }, (error: Error) => done({ code: ExportResultCode.FAILED, error }));
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  async forceFlush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  async shutdown(): Promise<void> {
    await this.forceFlush();
  }
}

/** SQL as sent, its literals replaced: a trace store is no place for emails, hashes or tokens. */
export function sqlWithoutLiterals(query: string): string {
  return query
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/\b\d+(?:\.\d+)?\b/g, '?')
    .slice(0, 2000);
}

const wrapped = new WeakSet<object>();

export function createOtelTracing(config: TracingConfig): Tracing {
  const endpoint = config.endpoint!.replace(/\/$/, '');
  const exporter = new OtlpJsonExporter(`${endpoint}/v1/traces`, config.headers);
  const processor = new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, 'service.instance.id': config.instanceId }),
    spanProcessors: [processor],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer('nirog');

  const endWith = (span: Span, error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.slice(0, 200) : undefined });
    span.end();
  };

  /** Runs fn as the current span `name`, ended when fn's answer (or its promise) is. */
  const inSpan = <T>(name: string, attributes: Record<string, AttributeValue>, fn: () => T): T =>
    tracer.startActiveSpan(name, { attributes }, (span) => {
      try {
        const result = fn();
        if (result instanceof Promise) {
          return result.then((value: unknown) => {
            span.end();
            return value;
          }, (error: unknown) => {
            endWith(span, error);
            throw error;
          }) as T;
        }
        span.end();
        return result;
      } catch (error) {
        endWith(span, error);
        throw error;
      }
    });

  return {
    http(req: Request, res, next) {
      const parent = propagation.extract(ROOT_CONTEXT, req.headers);
      const span = tracer.startSpan(req.method, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': req.path, 'client.address': req.ip, 'nirog.request_id': req.id },
      }, parent);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const route = routeLabel(req);
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
      res.on('finish', end);
      res.on('close', end);
      context.with(trace.setSpan(parent, span), next);
    },

    graphql: {
      async requestDidStart() {
        return {
          async didResolveOperation({ operationName, operation }) {
            trace.getActiveSpan()?.setAttributes({
              'graphql.operation.name': operationName ?? '',
              'graphql.operation.type': operation?.operation ?? 'unknown',
            });
          },
        };
      },
    },

    wrapRootFields(schema: GraphQLSchema) {
      for (const type of [schema.getQueryType(), schema.getMutationType()]) {
        if (!type) continue;
        for (const field of Object.values(type.getFields())) {
          if (field.resolve && wrapped.has(field.resolve)) continue;
          const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
          const name = `${type.name}.${field.name}`;
          const traced: GraphQLFieldResolver<unknown, unknown> = (source, args, ctx, info) =>
            inSpan(name, { 'graphql.field.name': field.name, 'graphql.field.type': type.name }, () => resolve(source, args, ctx, info));
          wrapped.add(traced);
          field.resolve = traced;
        }
      }
    },

    wrapServices(services: object) {
      for (const service of Object.values(services) as object[]) {
        const type = service?.constructor?.name;
        if (!type || !/Service$/.test(type) || wrapped.has(service)) continue;
        wrapped.add(service);
        const proto = Object.getPrototypeOf(service) as Record<string, unknown>;
        for (const method of Object.getOwnPropertyNames(proto)) {
          const original = Object.getOwnPropertyDescriptor(proto, method)?.value as unknown;
          if (method === 'constructor' || typeof original !== 'function') continue;
          const name = `${type}.${method}`;
          Object.defineProperty(service, method, {
            configurable: true,
            writable: true,
            value(this: unknown, ...args: unknown[]) {
              // Outside a request (the outbox worker, start-up) no trace is started.
              if (!trace.getSpan(context.active())) return original.apply(this, args);
              return inSpan(name, {}, () => original.apply(this, args) as unknown);
            },
          });
        }
      }
    },

    background(name, attributes, fn) {
      // A new trace, whatever is current: a job started from a request's timer is not part of it.
      return context.with(ROOT_CONTEXT, () => inSpan(name, attributes, fn));
    },

    sql(query, tookMs, failed) {
      const parent = context.active();
      if (!trace.getSpan(parent)) return;
      const end = Date.now();
      const text = sqlWithoutLiterals(query);
      const span = tracer.startSpan(`SQL ${/^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'query'}`, {
        kind: SpanKind.CLIENT,
        startTime: end - tookMs,
        attributes: { 'db.system.name': 'postgresql', 'db.query.text': text },
      }, parent);
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(end);
    },

    async flush() {
      await provider.forceFlush();
      await exporter.forceFlush();
    },
  };
}
