import type { RequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';

/**
 * OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. This file is all that loads
 * when it is off: the OpenTelemetry packages (tracing-otel.ts) are imported only when it is on, and
 * the app adds no middleware, plugin or wrapper. When on, a request is one trace: the HTTP span
 * (route, status), a span per root GraphQL field under it (Query.doctors, Mutation.placeOrder), a span
 * per service method called (DoctorService.search), and a span per SQL statement under whichever runs.
 */
export interface Tracing {
  /** Starts the request's server span (continuing an incoming W3C traceparent) and makes it current. */
  http: RequestHandler;
  /** Names the GraphQL operation on the request's span. */
  graphql: ApolloServerPlugin<never>;
  /** Runs each root Query and Mutation field inside its own span. */
  wrapRootFields(schema: GraphQLSchema): void;
  /** Runs each public method of the services (AccountService, DoctorService, …) inside its own span, while in a trace. */
  wrapServices(services: object): void;
  /** A finished SQL statement, as a child of the current span (none outside a request). */
  sql(query: string, tookMs: number, failed: boolean): void;
  /** Runs background work (a job run, an outbox send) as the root span of a trace of its own. */
  background<T>(name: string, attributes: Record<string, string | number>, fn: () => Promise<T>): Promise<T>;
  /** Sends what is buffered (at shutdown, and in tests). */
  flush(): Promise<void>;
}

export interface TracingConfig {
  /** The OTLP/HTTP base URL (traces go to <endpoint>/v1/traces), as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint?: string;
  serviceName: string;
  /** Tells the replicas apart in the trace store (`service.instance.id`): OTEL_SERVICE_INSTANCE_ID, or host name and process id. */
  instanceId: string;
  /** Extra headers for the collector (OTEL_EXPORTER_OTLP_HEADERS: key=value,key2=value2). */
  headers: Record<string, string>;
}

let active: Tracing | null = null;

/** The process's tracing, or null when it is off. */
export function tracing(): Tracing | null {
  return active;
}

/** Turns tracing on once per process when an endpoint is configured; null (and nothing loaded) otherwise. */
export async function startTracing(config: TracingConfig): Promise<Tracing | null> {
  if (!config.endpoint) return null;
  if (!active) {
    const { createOtelTracing } = await import('./tracing-otel.js');
    active = createOtelTracing(config);
  }
  return active;
}
