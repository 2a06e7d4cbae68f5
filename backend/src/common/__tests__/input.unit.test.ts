import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { IsIn, Length, Max, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { assertValid, parseInput } from '../input.js';

/**
 * The one input whitelist of both doors (common/input.ts): only declared fields are copied, strings
 * are coerced to their type, and class-validator's rules run. Its lookups of a class's fields and
 * rules are kept per class (issue #22); these tests hold that the kept lookups still apply every
 * rule, inherited ones too, and rules of classes defined after a first validation.
 */
@InputType()
class PageInput {
  @Field(() => Int)
  @Min(1)
  page!: number;

  @Field(() => Int)
  @Min(1)
  @Max(100)
  pageSize!: number;
}

@InputType()
class SearchInput extends PageInput {
  @Field()
  @Length(1, 20)
  search!: string;
}

const fieldsOf = async (run: Promise<unknown>) => {
  try {
    await run;
    return null;
  } catch (e) {
    return Object.keys((e as { fields?: Record<string, string> }).fields ?? {}).sort();
  }
};

describe('parseInput and assertValid', () => {
  it('copies declared fields only, coerced to their types', async () => {
    const parsed = await parseInput(SearchInput, { page: '2', pageSize: '20', search: 'heart', role: 'admin' });
    expect(parsed).toEqual(Object.assign(new SearchInput(), { page: 2, pageSize: 20, search: 'heart' }));
    expect('role' in parsed).toBe(false);
  });

  it('applies own and inherited rules on every call, not only the first', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await fieldsOf(parseInput(SearchInput, { page: '0', pageSize: '500', search: '' }))).toEqual(['page', 'pageSize', 'search']);
      expect(await fieldsOf(parseInput(PageInput, { page: '0', pageSize: '5' }))).toEqual(['page']);
      expect(await fieldsOf(parseInput(SearchInput, { page: '1', pageSize: '5', search: 'ok' }))).toBeNull();
    }
  });

  it('a class defined after a first validation gets its rules, and a rule added to a validated class applies at once', async () => {
    expect(await fieldsOf(assertValid(Object.assign(new PageInput(), { page: 0, pageSize: 5 })))).toEqual(['page']);
    @InputType()
    class SortedInput extends PageInput {
      @Field()
      @IsIn(['fee', 'rating'])
      sort!: string;
    }
    expect(await fieldsOf(parseInput(SortedInput, { page: '0', pageSize: '5', sort: 'name' }))).toEqual(['page', 'sort']);
    expect(await fieldsOf(parseInput(PageInput, { page: '3', pageSize: '5' }))).toBeNull();
    // A rule registered after PageInput's rules were looked up (as a decorator applied late would).
    Max(2)(PageInput.prototype, 'page');
    expect(await fieldsOf(parseInput(PageInput, { page: '3', pageSize: '5' }))).toEqual(['page']);
    expect(await fieldsOf(parseInput(SortedInput, { page: '3', pageSize: '5', sort: 'fee' }))).toEqual(['page']);
  });
});
