import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parse } from 'graphql';
import i18n from '@/i18n';
import TYPES from 'virtual:schema-reference';
import { renderScreen } from '@/test/render';
import DevelopersPage from '../pages/DevelopersPage';
import { searchSchema } from '../components/schemaSearch';
import { explorerFetcher } from '../components/explorerFetcher';

const SDL = readFileSync(resolve(__dirname, '../../../../../schema.graphql'), 'utf8');

describe('/developers', () => {
  afterEach(async () => { await i18n.changeLanguage('en'); });

  it('covers keys, authentication, scopes, quotas, webhooks with signature checking, live updates, errors, the reference and the explorer', () => {
    renderScreen(<DevelopersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Developers' })).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Getting a key', 'Authentication', 'Scopes', 'Quotas', 'Webhooks', 'Live updates', 'Errors and changes', 'Reference', 'Explorer', 'Example integrator']);
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(toc).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(sections.map((_, i) => `#${screen.getAllByRole('heading', { level: 2 })[i]!.id}`));
    // Every scope and every webhook event the schema has is explained.
    for (const scope of ['catalog:read', 'stock:write', 'orders:read', 'orders:write', 'appointments:read', 'insurance:read', 'webhooks:manage']) {
      expect(screen.getAllByText(scope).length).toBeGreaterThan(0);
    }
    const events = /enum WebhookEvent \{([^}]*)\}/.exec(SDL)![1]!.match(/[A-Z_]{3,}/g)!;
    for (const event of events) expect(screen.getAllByText(event).length).toBeGreaterThan(0);
    expect(screen.getByText(/timingSafeEqual\(Buffer\.from\(expected\)/)).toBeInTheDocument();
    expect(screen.getAllByText('THROTTLED').length).toBeGreaterThan(0);
    expect(screen.getAllByText('extensions.cost').length).toBeGreaterThan(0);
    // How an app follows orders live, with the socket on this server.
    expect(screen.getByText(/connectionParams: \{ 'X-Api-Key'/)).toHaveTextContent(`url: 'ws://${window.location.host}/graphql'`);
    expect(screen.getAllByText('SYNC').length).toBeGreaterThan(0);
  });

  it('speaks Bangla', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<DevelopersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'ডেভেলপার' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'ওয়েবহুক' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'এক্সপ্লোরার খুলুন' })).toBeInTheDocument();
  });

  it('keeps the explorer out of the page until the reader opens it', () => {
    renderScreen(<DevelopersPage />);
    expect(screen.queryByRole('region', { name: 'GraphQL explorer' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your app key')).toHaveAttribute('type', 'password');
  });
});

describe('the reference', () => {
  it('holds every type of schema.graphql, Query and Mutation first', () => {
    const names = parse(SDL).definitions.flatMap((d) => ('name' in d && d.name ? [d.name.value] : []));
    expect(TYPES.map((t) => t.name).sort()).toEqual([...names].sort());
    expect(TYPES.slice(0, 2).map((t) => t.name)).toEqual(['Query', 'Mutation']);
    const mutation = TYPES.find((t) => t.name === 'Mutation')!;
    expect(mutation.members.find((m) => m.name === 'updateMedicineStock')!.description).toContain('Integrator apps: scope stock:write.');
  });

  it('finds a field by name or description, and shows only what matches inside a type', () => {
    const found = searchSchema(TYPES, 'updatemedicinestock');
    expect(found.map((t) => t.name)).toEqual(['Mutation']);
    expect(found[0]!.members.map((m) => m.name)).toEqual(['updateMedicineStock']);
    expect(searchSchema(TYPES, 'WebhookEvent').map((t) => t.name)).toContain('WebhookEvent');
    expect(searchSchema(TYPES, 'no such thing anywhere')).toEqual([]);
  });

  it('marks deprecated fields with what replaces them', () => {
    const deprecated = TYPES.flatMap((t) => t.members.filter((m) => m.deprecated).map((m) => `${t.name}.${m.name}`));
    const inSdl = [...SDL.matchAll(/@deprecated/g)].length;
    expect(deprecated.length).toBe(inSdl);
  });

  it('searches as the reader types, and says when nothing matches', async () => {
    renderScreen(<DevelopersPage />);
    const box = screen.getByRole('searchbox', { name: 'Search types, fields and descriptions' });
    await userEvent.type(box, 'subscribeWebhook');
    expect(await screen.findByText(/^\d+ types? match/)).toBeInTheDocument();
    expect(screen.getAllByText('subscribeWebhook').length).toBeGreaterThan(0);
    await userEvent.clear(box);
    await userEvent.type(box, 'zzqqxx');
    expect(await screen.findByText('Nothing matches “zzqqxx”')).toBeInTheDocument();
  });
});

describe('the explorer\'s requests', () => {
  it('go to this server\'s /graphql with the app key, and never with the signed-in session', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ data: { doctors: { total: 1 } }, extensions: { cost: { actualQueryCost: 3 } } })));
    const answer = await explorerFetcher(' nrg_live_0123456789abcdef_secret ', fetchImpl as never)({ query: '{ doctors { total } }', operationName: null });
    expect(answer).toEqual({ data: { doctors: { total: 1 } }, extensions: { cost: { actualQueryCost: 3 } } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json', Authorization: 'Bearer nrg_live_0123456789abcdef_secret' });
    expect(JSON.parse(init.body as string)).toEqual({ query: '{ doctors { total } }', operationName: null });
  });

  it('go as a visitor without a key', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"data":{}}'));
    await explorerFetcher('', fetchImpl as never)({ query: '{ __typename }' });
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
  });
});
