import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../apollo';
import { PUBLIC_READS } from '../publicReads';
import { ActivateAccountDocument, DoctorsDocument, MeDocument, SpecialitiesDocument } from '../../gql/graphql';

// Written by codegen beside the documents: the hashes the server accepts (persisted queries).
const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../gql/persisted-documents.json'), 'utf8')) as Record<string, string>;

const calls: { url: string; init: RequestInit }[] = [];
function answer(data: unknown) {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
}
afterEach(() => vi.unstubAllGlobals());

describe('the public lists go by GET with their registered hash', () => {
  it('sends the doctors list as a GET naming the hash and the variables, without the document', async () => {
    answer({ doctors: { __typename: 'DoctorPage', items: [], page: 1, pageSize: 10, pageCount: 0, total: 0, didYouMean: null } });
    await createApolloClient('http://nirog.test/graphql').query({ query: DoctorsDocument, variables: { page: 1, pageSize: 10 } });
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0];
    expect(init.method).toBe('GET');
    const params = new URL(url).searchParams;
    expect(params.has('query')).toBe(false);
    expect(JSON.parse(params.get('variables')!)).toEqual({ page: 1, pageSize: 10 });
    const hash = JSON.parse(params.get('extensions')!).persistedQuery.sha256Hash as string;
    expect(manifest[`sha256:${hash}`]).toMatch(/query Doctors\(/);
  });

  it('keeps the same URL for the same list, so the browser cache can answer a repeat', async () => {
    answer({ specialities: [] });
    await createApolloClient('http://nirog.test/graphql').query({ query: SpecialitiesDocument, fetchPolicy: 'network-only' });
    await createApolloClient('http://nirog.test/graphql').query({ query: SpecialitiesDocument, fetchPolicy: 'network-only' });
    expect(calls.map((c) => c.init.method)).toEqual(['GET', 'GET']);
    expect(calls[0].url).toBe(calls[1].url);
  });

  it('sends a personal read and a mutation by POST, with their text', async () => {
    answer({ me: null });
    await createApolloClient('http://nirog.test/graphql').query({ query: MeDocument }).catch(() => undefined);
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body)).query).toMatch(/query Me\b/);
    answer({ activateAccount: { __typename: 'Notice', message: 'ok', success: true } });
    await createApolloClient('http://nirog.test/graphql').mutate({ mutation: ActivateAccountDocument, variables: { token: 't' } }).catch(() => undefined);
    expect(calls[0].init.method).toBe('POST');
  });

  it('names only registered queries', () => {
    const registered = Object.values(manifest).filter((doc) => /\bquery \w+/.test(doc)).map((doc) => /\bquery (\w+)/.exec(doc)![1]);
    for (const name of PUBLIC_READS) expect({ name, registered: registered.includes(name) }).toEqual({ name, registered: true });
  });
});
