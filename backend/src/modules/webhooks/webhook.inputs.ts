import { ArgsType, Field, ID, InputType } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsEnum, IsNotEmpty, IsOptional, MaxLength } from 'class-validator';
import { AdminPageArgs } from '../../common/pagination.js';
import { OutboxStatus } from '../mail/index.js';
import { WebhookEvent } from './webhook.entity.js';

@InputType()
export class WebhookSubscriptionInput {
  @Field({ description: 'https://… (http://localhost or 127.0.0.1 only outside production)' })
  @IsNotEmpty({ message: 'Enter the URL' })
  @MaxLength(2000)
  url!: string;

  @Field(() => [WebhookEvent])
  @IsEnum(WebhookEvent, { each: true })
  @ArrayMinSize(1, { message: 'Choose at least one event' })
  @ArrayMaxSize(20)
  @ArrayUnique()
  events!: WebhookEvent[];
}

@ArgsType()
export class WebhookDeliveryArgs extends AdminPageArgs {
  @Field(() => ID, { nullable: true, description: 'Admins: one app only (an app always sees its own)' })
  @IsOptional()
  @MaxLength(64)
  appId?: string | null;

  @Field(() => OutboxStatus, { nullable: true })
  @IsOptional()
  @IsEnum(OutboxStatus)
  status?: OutboxStatus | null;

  @Field(() => WebhookEvent, { nullable: true })
  @IsOptional()
  @IsEnum(WebhookEvent)
  event?: WebhookEvent | null;
}
