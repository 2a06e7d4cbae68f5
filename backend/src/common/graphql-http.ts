import type { NextFunction, Request, Response } from 'express';
import { HeaderMap, type ApolloServer, type BaseContext } from '@apollo/server';

/**
 * Apollo Server's express handler: what @as-integrations/express5 does, without its `url.parse` of
 * every request's URL. A CPU profile of the GraphQL doctors list under load put 2–3 % of the
 * request in that one call (issue #22), which only looked for the query string. Here the query
 * string is the URL from its first `?` up to a `#`, as url.parse gives it, or '' when there is none
 * (and Node 24 warns on url.parse, DEP0169). An answer to a POST is written without an ETag (below).
 * The body comes from express.json (or graphql-upload) in app.ts, as before.
 */
export function graphqlHandler<C extends BaseContext>(server: ApolloServer<C>, context: (req: Request, res: Response) => Promise<C>) {
  server.assertStarted('graphqlHandler()');
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const headers = new HeaderMap();
      for (const key in req.headers) {
        const value = req.headers[key];
        if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: searchOf(req.url), body: req.body },
        context: () => context(req, res),
      });
      for (const [key, value] of response.headers) res.setHeader(key, value);
      res.statusCode = response.status ?? 200;
      if (response.body.kind === 'complete') {
        // An answer to a POST is never kept or revalidated by a browser or proxy: written as it is, without
        // express's ETag (a hash of every answer) and freshness check, which GET answers keep (304s).
        if (req.method === 'POST') res.end(response.body.string);
        else res.send(response.body.string);
        return;
      }
      // Incremental delivery (@defer): written as it comes.
      for await (const chunk of response.body.asyncIterator) {
        res.write(chunk);
        (res as Response & { flush?: () => void }).flush?.();
      }
      res.end();
    } catch (err) {
      next(err);
    }
  };
}

/** The query string of a request's URL with its `?` ('' when it has none), as `url.parse(url).search` gives it. */
export function searchOf(url: string): string {
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const q = beforeHash.indexOf('?');
  return q < 0 ? '' : beforeHash.slice(q);
}
