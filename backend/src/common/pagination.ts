import { ArgsType, Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { IsEnum, Max, Min } from 'class-validator';
import type { ClassType } from 'type-graphql';

export const MAX_PAGE_SIZE = 100;

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 1 })
  @Min(1)
  @Max(100000)
  page: number = 1;

  @Field(() => Int, { defaultValue: 20 })
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize: number = 20;
}

/** The admin tables' sort: by creation time, newest or oldest first (ties broken by id, so pages never overlap). */
export enum ListOrder {
  newest = 'newest',
  oldest = 'oldest',
}
registerEnumType(ListOrder, { name: 'ListOrder' });

/** Paging plus the admin tables' sort. */
@ArgsType()
export class AdminPageArgs extends PageArgs {
  @Field(() => ListOrder, { defaultValue: ListOrder.newest })
  @IsEnum(ListOrder)
  sort: ListOrder = ListOrder.newest;
}

/** MikroORM orderBy for a ListOrder; oldest-first is the exact reverse of newest-first, ties included. */
export function byCreated(sort?: ListOrder | null): { createdAt: 'asc' | 'desc'; id: 'asc' | 'desc' } {
  return sort === ListOrder.oldest ? { createdAt: 'asc', id: 'desc' } : { createdAt: 'desc', id: 'asc' };
}

/** The same order in SQL, for plain reads (`alias` like 'd.'). */
export function createdOrderSql(sort: ListOrder | null | undefined, alias = ''): string {
  return sort === ListOrder.oldest ? `${alias}created_at asc, ${alias}id desc` : `${alias}created_at desc, ${alias}id asc`;
}

export { offsetOf } from './sql.js';

export interface PageResult<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export function pageOf<T>(items: T[], total: number, args: { page: number; pageSize: number }): PageResult<T> {
  return { items, total, page: args.page, pageSize: args.pageSize, pageCount: Math.max(1, Math.ceil(total / args.pageSize)) };
}

/** A page type per item type: `Paginated(User)` → `UserPage { items, total, page, pageSize, pageCount }`. */
export function Paginated<T extends object>(itemType: ClassType<T>, name = `${itemType.name}Page`) {
  @ObjectType(name)
  abstract class Page {
    @Field(() => [itemType])
    items!: T[];

    @Field(() => Int)
    total!: number;

    @Field(() => Int)
    page!: number;

    @Field(() => Int)
    pageSize!: number;

    @Field(() => Int)
    pageCount!: number;
  }
  return Page;
}
