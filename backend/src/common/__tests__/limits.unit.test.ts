import { describe, expect, it } from '@jest/globals';
import { GraphQLObjectType, GraphQLSchema, GraphQLString, GraphQLInputObjectType, GraphQLNonNull } from 'graphql';
import { assertLimitsDeclared, assertMayNotify, assertRestLimitsDeclared, type LimitRule } from '../limits.js';
import { requestContext } from '../request-context.js';
import { Role } from '../roles.js';

/** A schema with one Query and one Mutation field, each with the given access rule and limit. */
function schemaWith(mutation: { access: unknown; limit?: LimitRule }, query: { args?: Record<string, unknown>; limit?: LimitRule } = {}) {
  const Secret = new GraphQLInputObjectType({ name: 'SecretInput', fields: { deep: { type: new GraphQLInputObjectType({ name: 'Deep', fields: { otpValue: { type: GraphQLString } } }) } } });
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: { look: { type: GraphQLString, args: (query.args ?? {}) as never, extensions: { access: 'public', limit: query.limit } } },
    }),
    mutation: new GraphQLObjectType({
      name: 'Mutation',
      fields: { act: { type: GraphQLString, args: { input: { type: new GraphQLNonNull(Secret) } }, extensions: mutation } },
    }),
  });
}

describe('declared limits', () => {
  it('refuse a schema whose public mutation declares none', () => {
    expect(() => assertLimitsDeclared(schemaWith({ access: 'public' }))).toThrow('Mutation.act');
    expect(() => assertLimitsDeclared(schemaWith({ access: 'public', limit: { throttle: 'form-ip' } }))).not.toThrow();
  });

  it('refuse an operation taking a secret (at any depth of its input) without one, whoever may call it', () => {
    // Mutation.act's input holds otpValue two levels down; it is for admins only and still needs a limit.
    expect(() => assertLimitsDeclared(schemaWith({ access: ['admin'] }))).toThrow('Mutation.act');
    expect(() => assertLimitsDeclared(schemaWith({ access: ['admin'], limit: { limitedIn: 'admins only, one code per login' } }))).not.toThrow();
    const withCode = schemaWith({ access: 'public', limit: { throttle: 'code-ip' } }, { args: { verificationCode: { type: GraphQLString } } });
    expect(() => assertLimitsDeclared(withCode)).toThrow('Query.look');
  });

  it('refuse a subscription without one, whoever may call it: it holds a connection and runs again at every change', () => {
    const withSubscription = (limit?: LimitRule) => new GraphQLSchema({
      query: new GraphQLObjectType({ name: 'Query', fields: { look: { type: GraphQLString, extensions: { access: 'public' } } } }),
      subscription: new GraphQLObjectType({ name: 'Subscription', fields: { follow: { type: GraphQLString, extensions: { access: ['admin'], limit } } } }),
    });
    expect(() => assertLimitsDeclared(withSubscription())).toThrow('Subscription.follow');
    expect(() => assertLimitsDeclared(withSubscription({ limitedIn: 'the live socket' }))).not.toThrow();
  });

  it('refuse a public REST write without one; reads and logged-in writes need none', () => {
    expect(() => assertRestLimitsDeclared([{ method: 'post', path: '/contact', access: 'public' }])).toThrow('POST /contact');
    expect(() => assertRestLimitsDeclared([
      { method: 'post', path: '/contact', access: 'public', limit: { throttle: 'form-ip' } },
      { method: 'get', path: '/doctors', access: 'public' },
      { method: 'post', path: '/new/order', access: ['user'] as never },
    ])).not.toThrow();
  });

  it('report mail queued by an operation without a declared limit, except for admins and work outside requests', () => {
    const seen: string[] = [];
    const report = (m: string) => seen.push(m);
    assertMayNotify('mail', report);
    const run = (operations: { name: string; limit: LimitRule | undefined; role: Role | null }[]) =>
      requestContext.run({ requestId: 'r', ip: '203.0.113.1', operations }, () => assertMayNotify('sms', report));
    run([{ name: 'Mutation.createOrder', limit: { limitedIn: 'caps per patient' }, role: Role.User }]);
    run([{ name: 'Mutation.updateOrderStatus', limit: undefined, role: Role.Admin }]);
    expect(seen).toEqual([]);
    run([{ name: 'Mutation.bookSomething', limit: undefined, role: Role.User }]);
    expect(seen).toEqual(['Mutation.bookSomething queued sms without a declared limit (add @Throttle() or @LimitedIn())']);
  });
});
