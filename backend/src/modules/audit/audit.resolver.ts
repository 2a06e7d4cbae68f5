import { Args, ArgsType, Ctx, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import { IsOptional, MaxLength } from 'class-validator';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { PageArgs, Paginated } from '../../common/pagination.js';
import { AuditEntryView } from './audit.read.js';

@ObjectType()
export class AuditEntryPage extends Paginated(AuditEntryView) {}

@ArgsType()
export class AuditLogArgs extends PageArgs {
  @Field(() => ID, { nullable: true }) @IsOptional() actorId?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(120) action?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(60) entityType?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(64) entityId?: string | null;
  @Field(() => Date, { nullable: true }) @IsOptional() from?: Date | null;
  @Field(() => Date, { nullable: true }) @IsOptional() to?: Date | null;
}

/** Read-only: there is deliberately no mutation for the audit log. */
@Resolver(() => AuditEntryView)
export class AuditResolver {
  @Query(() => AuditEntryPage, { description: 'The append-only audit log, newest first' })
  @Allow(Role.Admin)
  auditLog(@Args() args: AuditLogArgs, @Ctx() ctx: Context) {
    return ctx.services.audit.list(ctx.em, args);
  }
}
