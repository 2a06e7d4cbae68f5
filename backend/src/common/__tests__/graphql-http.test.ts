import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { ApolloServer } from '@apollo/server';
import { graphqlHandler, searchOf } from '../graphql-http.js';

/**
 * Nirog's express handler for Apollo (common/graphql-http.ts) reads the query string itself instead
 * of through url.parse: the same string for every shape of URL, and the same answers over GET and POST.
 */
describe('graphqlHandler', () => {
  // The expected strings are url.parse's own for these URLs (Node 24 warns on url.parse, DEP0169).
  it('reads the query string as url.parse did', () => {
    const cases: [string, string][] = [
      ['/graphql', ''],
      ['/graphql?', '?'],
      ['/graphql?query=%7Bhello%7D', '?query=%7Bhello%7D'],
      ['/graphql?query={hello}&variables=%7B%7D&operationName=Hello', '?query={hello}&variables=%7B%7D&operationName=Hello'],
      ['/graphql?a=1?b=2', '?a=1?b=2'],
      ['/graphql#frag', ''],
      ['/graphql?x=1#frag', '?x=1'],
      ['/graphql#frag?x=1', ''],
      ['/?q=%E0%A6%A1', '?q=%E0%A6%A1'],
    ];
    for (const [url, search] of cases) expect([url, searchOf(url)]).toEqual([url, search]);
  });

  async function appWith(context = async () => ({ who: 'visitor' })) {
    const server = new ApolloServer<{ who: string }>({
      typeDefs: 'type Query { hello(name: String): String, who: String, boom: String }',
      resolvers: {
        Query: {
          hello: (_: unknown, { name }: { name?: string }) => `hello ${name ?? 'world'}`,
          who: (_: unknown, __: unknown, ctx: { who: string }) => ctx.who,
          boom: () => {
            throw new Error('boom');
          },
        },
      },
    });
    await server.start();
    const app = express();
    app.use('/graphql', express.json(), graphqlHandler(server, context));
    app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ handled: err.message });
    });
    return { app, stop: () => server.stop() };
  }

  it('answers GET with the query string and POST with the body, with the context it is given', async () => {
    const { app, stop } = await appWith(async () => ({ who: 'a caller' }));
    try {
      const get = await request(app).get('/graphql').query({ query: 'query Hi($name: String) { hello(name: $name) who }', variables: JSON.stringify({ name: 'Dhaka' }) }).set('apollo-require-preflight', '1');
      expect(get.status).toBe(200);
      expect(get.body).toEqual({ data: { hello: 'hello Dhaka', who: 'a caller' } });
      expect(get.headers['content-type']).toMatch(/^application\/(graphql-response\+)?json/);

      const post = await request(app).post('/graphql').send({ query: '{ hello }' });
      expect(post.status).toBe(200);
      expect(post.body).toEqual({ data: { hello: 'hello world' } });
      expect(post.headers['content-length']).toBe(String(Buffer.byteLength(post.text)));
      expect(post.headers['content-type']).toMatch(/^application\/(graphql-response\+)?json; charset=utf-8/);

      // A GET answer keeps express's ETag and its 304 on revalidation; a POST answer has none.
      expect(get.headers.etag).toMatch(/^W\/"/);
      expect(post.headers.etag).toBeUndefined();
      const again = await request(app).get('/graphql').query({ query: 'query Hi($name: String) { hello(name: $name) who }', variables: JSON.stringify({ name: 'Dhaka' }) })
        .set('apollo-require-preflight', '1').set('if-none-match', get.headers.etag);
      expect(again.status).toBe(304);

      // Apollo's own refusals keep their status: a GET without a query, and a field error in the data.
      const empty = await request(app).get('/graphql').set('apollo-require-preflight', '1');
      expect(empty.status).toBe(400);
      const failing = await request(app).post('/graphql').send({ query: '{ boom }' });
      expect(failing.status).toBe(200);
      expect(failing.body.errors[0].message).toBe('boom');
    } finally {
      await stop();
    }
  });

  it('answers a context that throws as Apollo words it (500, coded)', async () => {
    const { app, stop } = await appWith(async () => {
      throw new Error('no context');
    });
    try {
      const res = await request(app).post('/graphql').send({ query: '{ hello }' });
      expect(res.status).toBe(500);
      expect(res.body.errors[0].message).toMatch(/Context creation failed: no context/);
    } finally {
      await stop();
    }
  });
});
