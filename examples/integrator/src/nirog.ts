import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

/** What Nirog reports with every answer to an app: what the request cost and the bucket after. */
export interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

export interface NirogError {
  message: string;
  extensions?: { code?: string; reason?: string; retryAfter?: number; params?: Record<string, unknown> };
}

export interface Answer<T> {
  status: number;
  data: T | null;
  errors: NirogError[];
  cost: Cost | null;
}

/**
 * A tiny Nirog client: one typed document in, its typed answer out, with the app's key. The key
 * goes as a Bearer token; GraphQL refusals come back as `errors` with their code and reason (the
 * closed set of the `ErrorReason` enum), and `cost` is `extensions.cost`.
 */
export class Nirog {
  readonly url: string;
  private readonly key: string;

  constructor(url: string, key: string) {
    this.url = url;
    this.key = key;
  }

  async request<T, V extends Record<string, unknown>>(document: TypedDocumentNode<T, V>, variables?: V): Promise<Answer<T>> {
    const res = await fetch(new URL('/graphql', this.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${this.key}` },
      body: JSON.stringify({ query: print(document), variables }),
    });
    const body = (await res.json()) as { data?: T | null; errors?: NirogError[]; extensions?: { cost?: Cost } };
    return { status: res.status, data: body.data ?? null, errors: body.errors ?? [], cost: body.extensions?.cost ?? null };
  }
}

export const describeCost = (cost: Cost | null) => (cost
  ? `cost ${cost.actualQueryCost} of ${cost.requestedQueryCost} asked, ${cost.throttleStatus.currentlyAvailable}/${cost.throttleStatus.maximumAvailable} left (+${cost.throttleStatus.restoreRate}/s)`
  : 'no cost reported');
