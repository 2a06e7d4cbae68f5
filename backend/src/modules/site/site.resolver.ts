import { Arg, Args, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { ERROR_REASONS, ErrorReasonEnum, codeOf, type ErrorReason } from '../../common/error-reasons.js';
import { HTTP_STATUS } from '../../common/errors.js';
import { DhakaArea } from '../../common/dhaka-area.js';
import type { Context } from '../../common/context.js';
import { Throttle } from '../../common/limits.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { PageArgs, Paginated } from '../../common/pagination.js';
import { NurseLocation } from '../nurses/index.js';
import { ContactMessage, Partner } from './site.entity.js';
import { ContactMessageInput } from './site.inputs.js';
import { chatWidgetEnabled } from './chat-widget.js';

@ObjectType({ description: 'Public settings the web app needs at start' })
export class SiteSettings {
  @Field(() => String, { nullable: true, description: 'tawk or crisp; null when the chat widget is off' })
  chatWidgetProvider!: string | null;

  @Field(() => String, { nullable: true, description: "The provider's property or website id" })
  chatWidgetId!: string | null;
}

@ObjectType({ description: 'What an upload may be: forms check a picture before sending it (the server checks again)' })
export class UploadLimits {
  @Field(() => Int, { description: 'The largest file, in bytes (UPLOAD_MAX_BYTES)' })
  maxBytes!: number;

  @Field(() => Int, { description: 'The most files in one request (UPLOAD_MAX_FILES)' })
  maxFiles!: number;
}

@ObjectType({ description: 'The area lists of the forms and filters (labels are the client\'s, by value)' })
export class AreaOptions {
  @Field(() => [DhakaArea], { description: 'Blood donors and requests, ambulances' })
  dhakaAreas!: DhakaArea[];

  @Field(() => [NurseLocation], { description: 'Where home-care nurses work' })
  nurseLocations!: NurseLocation[];
}

@ObjectType({ description: 'One reason of the ErrorReason set' })
export class ErrorReasonInfo {
  @Field(() => ErrorReasonEnum)
  reason!: ErrorReason;

  @Field({ description: 'extensions.code of a GraphQL error; `code` of a REST error' })
  code!: string;

  @Field(() => Int)
  httpStatus!: number;

  @Field()
  description!: string;
}

@ObjectType()
export class ContactMessagePage extends Paginated(ContactMessage) {}

@Resolver()
export class SiteResolver {
  @Query(() => [ErrorReasonInfo], { description: 'Every reason Nirog refuses a request for, with its code and HTTP status: the closed set clients translate' })
  @Public()
  errorReasons(): ErrorReasonInfo[] {
    return (Object.keys(ERROR_REASONS) as ErrorReason[]).map((reason) => ({
      reason, code: codeOf(reason), httpStatus: HTTP_STATUS[codeOf(reason)], description: ERROR_REASONS[reason].description,
    }));
  }

  @Query(() => AreaOptions)
  @Public()
  areaOptions(): AreaOptions {
    return { dhakaAreas: Object.values(DhakaArea), nurseLocations: Object.values(NurseLocation) };
  }

  @Query(() => SiteSettings)
  @Public()
  siteSettings(@Ctx() ctx: Context): SiteSettings {
    const config = ctx.services.config;
    const on = chatWidgetEnabled(config);
    return { chatWidgetProvider: on ? config.chatWidget.provider : null, chatWidgetId: on ? config.chatWidget.id! : null };
  }

  @Query(() => UploadLimits)
  @Public()
  uploadLimits(@Ctx() ctx: Context): UploadLimits {
    const { maxBytes, maxFiles } = ctx.services.config.uploads;
    return { maxBytes, maxFiles };
  }

  @Query(() => [Partner])
  @Public()
  partners(@Ctx() ctx: Context) {
    return ctx.services.site.partners(ctx.em);
  }

  @Mutation(() => ContactMessage)
  @Public()
  @Throttle('form-ip')
  sendContactMessage(@Arg('input') input: ContactMessageInput, @Ctx() ctx: Context) {
    return ctx.services.site.sendContactMessage(ctx.em, ctx.user, input);
  }

  @Query(() => ContactMessagePage)
  @Allow(Role.Admin)
  contactMessages(@Args() args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.site.contactMessages(ctx.em, args);
  }
}
