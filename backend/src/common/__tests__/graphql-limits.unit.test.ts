import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { buildSchema, parse, validate, type OperationDefinitionNode } from 'graphql';
import { measureDocument, measureOperation, queryLimitRules } from '../graphql-limits.js';

/**
 * The cost of a document, worked out by hand: every field 1, a list 1 + its selection × its items.
 * Pages are asked for on the field above the list (`doctors(pageSize) { items }`), as Nirog's are.
 */
const schema = buildSchema(`
  type Query {
    doctors(page: Int = 1, pageSize: Int = 20): DoctorPage!
    raw(pageSize: Int): DoctorPage!
    search(args: SearchArgs): DoctorPage!
    recent(first: Int = 5): [Doctor!]!
    tags: [Tag!]!
  }
  input SearchArgs { q: String, pageSize: Int = 10 }
  type DoctorPage { items: [Doctor!]! total: Int! }
  type Doctor { id: ID! name: String! tags: [Tag!]! }
  type Tag { id: ID! label: String! }
`);

const costOf = (query: string, variables?: Record<string, unknown>) => {
  const shapes = [...measureDocument(schema, parse(query), variables).values()];
  expect(shapes).toHaveLength(1);
  return shapes[0]!.cost;
};

describe('GraphQL cost', () => {
  it('multiplies the items of a page by the pageSize given on the field above', () => {
    // doctors 1 + items (1 + 2 × 100) + total 1
    expect(costOf('{ doctors(pageSize: 100) { items { id name } total } }')).toBe(203);
    expect(costOf('{ doctors(pageSize: 3) { items { id name } total } }')).toBe(9);
  });

  it('counts a missing page size as the argument default, or the largest page when there is none', () => {
    expect(costOf('{ doctors { items { id name } total } }')).toBe(43); // 1 + (1 + 2 × 20) + 1
    expect(costOf('{ raw { items { id } } }')).toBe(102); // 1 + (1 + 100)
  });

  it('counts a variable page size as the largest page, or as its value when the variables are known', () => {
    const q = 'query($n: Int) { doctors(pageSize: $n) { items { id } } }';
    expect(costOf(q)).toBe(102);
    expect(costOf(q, { n: 7 })).toBe(9); // 1 + (1 + 7)
  });

  it('keeps a measured operation by its node and variables: the same document with other variables is measured again', () => {
    const document = parse('query($n: Int) { doctors(pageSize: $n) { items { id } } }');
    const operation = document.definitions[0] as OperationDefinitionNode;
    const fragments = new Map();
    const first = measureOperation(schema, operation, fragments, { n: 7 });
    expect(first?.cost).toBe(9);
    expect(measureOperation(schema, operation, fragments, { n: 7 })).toBe(first); // kept, not walked again
    expect(measureOperation(schema, operation, fragments, { n: 50 })?.cost).toBe(52);
    expect(measureOperation(schema, operation, fragments)?.cost).toBe(102);
    // Bounded: many sets of variables on one node start the kept list again, and still measure right.
    for (let n = 1; n <= 100; n++) expect(measureOperation(schema, operation, fragments, { n })?.cost).toBe(2 + n);
    // Another schema (tests build several) is never answered from the first one's shapes.
    const other = buildSchema('type Query { doctors(page: Int, pageSize: Int = 20): P! } type P { items: [D!]! } type D { id: ID! }');
    expect(measureOperation(other, operation, fragments, { n: 7 })?.cost).toBe(9);
  });

  it('reads a page size inside an input-object argument: literal, default, absent, variable', () => {
    expect(costOf('{ search(args: { pageSize: 40, q: "a" }) { items { id name } } }')).toBe(82); // 1 + (1 + 2 × 40)
    expect(costOf('{ search(args: { q: "a" }) { items { id } } }')).toBe(12); // the input field's default 10
    expect(costOf('{ search { items { id } } }')).toBe(102);
    const q = 'query($a: SearchArgs) { search(args: $a) { items { id } } }';
    expect(costOf(q)).toBe(102);
    expect(costOf(q, { a: { pageSize: 3 } })).toBe(5);
    expect(costOf(q, { a: { q: 'x' } })).toBe(12);
  });

  it('applies the page to the lists right beneath only; deeper lists count 20 each', () => {
    // items: 1 + (id 1 + tags (1 + 2 × 20)) × 10 = 421; doctors 1 + 421
    expect(costOf('{ doctors(pageSize: 10) { items { id tags { id label } } } }')).toBe(422);
  });

  it('follows fragments and inline fragments', () => {
    expect(costOf('{ doctors(pageSize: 50) { ...P } } fragment P on DoctorPage { ... on DoctorPage { items { id } } total }')).toBe(53);
  });

  it('counts a list that declares its size (extensions.listSize) at that size', () => {
    const small = buildSchema('type Query { doctors(pageSize: Int = 20): DoctorPage! } type DoctorPage { items: [Doctor!]! } type Doctor { id: ID! refunds: [Tag!]! } type Tag { id: ID! }');
    (small.getType('Doctor') as unknown as { getFields(): Record<string, { extensions: Record<string, unknown> }> }).getFields().refunds!.extensions = { listSize: 3 };
    // items: 1 + (id 1 + refunds (1 + 1 × 3)) × 10 = 51; doctors 1 + 51
    expect([...measureDocument(small, parse('{ doctors(pageSize: 10) { items { id refunds { id } } } }')).values()][0]!.cost).toBe(52);
  });

  it('uses a list field\'s own page argument, and 20 for a list without one', () => {
    expect(costOf('{ recent(first: 3) { id name } }')).toBe(7); // 1 + 2 × 3
    expect(costOf('{ recent { id } }')).toBe(6); // its default 5
    expect(costOf('{ tags { id } }')).toBe(21);
  });

  it('adds aliases up: 30 pages of 100 cost 30 times one, and the limit refuses them', () => {
    const one = 'doctors(pageSize: 100) { items { id name } total }';
    const doc = `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: ${one}`).join(' ')} }`;
    expect([...measureDocument(schema, parse(doc)).values()][0]).toEqual({ depth: 2, aliases: 30, cost: 6090 });
    const errors = validate(schema, parse(doc), queryLimitRules({ maxDepth: 10, maxAliases: 30, maxCost: 6089 }));
    expect(errors.map((e) => e.message)).toEqual(['The query is too expensive (cost 6090; at most 6089)']);
    expect(validate(schema, parse(doc), queryLimitRules({ maxDepth: 10, maxAliases: 30, maxCost: 6090 }))).toEqual([]);
  });
});
