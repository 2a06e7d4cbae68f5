import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, execute, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { MockLink } from '@apollo/client/testing';

/**
 * The mocked answers of the screen tests, checked against the server's schema (the committed
 * schema.graphql, which the build emits from the resolvers): each mock's data is run through its own
 * document on that schema, so a field the server no longer has, a required field left out, a value
 * an enum does not know or a number given as text fails the test that mocks it, instead of a screen
 * being tested against an answer the server never gives. Generated types (`satisfies XQuery`) say the
 * same at compile time where a test names them; this check covers every mock, typed or not.
 */
let schema: GraphQLSchema | undefined;
/** The repository's schema.graphql: vitest runs in frontend/ (its import.meta.url is no file URL under jsdom). */
function schemaFile(): string {
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'schema.graphql'))) return path.join(dir, 'schema.graphql');
    if (path.dirname(dir) === dir) throw new Error('schema.graphql not found above the working folder');
  }
}
const serverSchema = () => (schema ??= buildSchema(readFileSync(schemaFile(), 'utf8')));

type Mock = MockLink.MockedResponse;

/** The problems of one mock's data against the schema (none for a mock that answers an error, or computes its answer). */
export function schemaProblems(mock: Mock): string[] {
  const result = mock.result;
  if (!result || typeof result === 'function' || !('data' in result) || !result.data) return [];
  const variables = mock.request.variables;
  if (typeof variables === 'function') return [];
  const answer = execute({
    schema: serverSchema(),
    document: mock.request.query as DocumentNode,
    rootValue: result.data,
    variableValues: (variables ?? {}) as Record<string, unknown>,
    // Mocked data is keyed as the answer is: by alias where the document gives one.
    fieldResolver: (source: Record<string, unknown> | null, _args, _ctx, info) => source?.[info.path.key as string],
    typeResolver: (value: { __typename?: string }) => value.__typename,
  });
  if ('then' in answer) return ['the mock answers asynchronously'];
  return (answer.errors ?? [])
    // A document whose variables the mock leaves out (matched by a function) cannot be checked here.
    .filter((e) => !/^Variable "\$\w+" of required type/.test(e.message))
    .map((e) => `${e.message}${e.path ? ` (at ${e.path.join('.')})` : ''}`);
}

/** Throws, naming the operation and what is wrong, when a mock's data is not an answer the schema allows. */
export function assertMocksMatchSchema(mocks: readonly Mock[]): void {
  const problems = mocks.flatMap((m) => {
    const found = schemaProblems(m);
    const op = (m.request.query as DocumentNode).definitions.find((d) => d.kind === 'OperationDefinition');
    const name = op && 'name' in op ? op.name?.value : 'an operation';
    return found.map((p) => `${name}: ${p}`);
  });
  if (problems.length) throw new Error(`Mocked answers the server's schema does not allow:\n  ${problems.join('\n  ')}`);
}
