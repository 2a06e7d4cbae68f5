import { ArgsType, Field, ObjectType } from 'type-graphql';
import { IsOptional, MaxLength } from 'class-validator';
import { PageArgs, Paginated } from '../../common/pagination.js';
import { MailMessage, OutboxStatus } from './mail.entity.js';
import { SmsMessage } from './sms.entity.js';

@ArgsType()
export class OutboxArgs extends PageArgs {
  @Field(() => OutboxStatus, { nullable: true })
  @IsOptional()
  status?: OutboxStatus | null;

  @Field(() => String, { nullable: true, description: 'Part of the address or phone number' })
  @IsOptional()
  @MaxLength(254)
  to?: string | null;
}

@ObjectType()
export class MailMessagePage extends Paginated(MailMessage) {}

@ObjectType()
export class SmsMessagePage extends Paginated(SmsMessage) {}

@ObjectType({ description: 'How mail leaves Nirog here' })
export class MailDelivery {
  @Field({ description: 'False: mail is kept in the outbox only (no SMTP server configured)' })
  smtpConfigured!: boolean;

  @Field({ description: 'Users may read their own mail in the app (development without a mail server)' })
  devInbox!: boolean;
}
