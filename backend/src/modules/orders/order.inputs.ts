import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { ArrayMaxSize, ArrayMinSize, IsBoolean, IsEnum, IsInt, IsNotEmpty, IsOptional, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AdminPageArgs, PageArgs } from '../../common/pagination.js';
import { CARE_FOR_ARG } from '../family/index.js';
import { PaymentProvider } from '../payments/index.js';
import { OrderPaymentStatus, OrderStatus } from './order.entity.js';
import { MAX_PAPER_LINES, MAX_REFILLS } from '../prescriptions/index.js';

const DETAILS = 'Please enter your details';
export const MAX_LINE_QUANTITY = 100;
/** Lines in one cart, for a quote and for checkout alike. */
export const MAX_CART_LINES = 50;

@InputType()
export class OrderLineInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'Unknown medicine' })
  medicineId!: string;

  @Field(() => Int)
  @IsInt()
  @Min(1)
  @Max(MAX_LINE_QUANTITY)
  quantity!: number;
}

/** 'Shipping Details': every field required ('Please enter your details'). */
@InputType()
export class ShippingInfoInput {
  @Field()
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(100)
  name!: string;

  @Field()
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(20)
  phone!: string;

  @Field({ description: 'House, road, sector' })
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(300)
  address!: string;

  @Field()
  @IsNotEmpty({ message: DETAILS })
  @MaxLength(100)
  city!: string;
}

/**
 * What a checkout sends: the lines (medicine and quantity) and where to deliver. Prices, totals
 * and shipping are not fields here: the server computes them, whatever a client sends.
 */
@InputType()
export class CreateOrderInput {
  @Field(() => ShippingInfoInput)
  @ValidateNested()
  shippingInfo!: ShippingInfoInput;

  @Field(() => [OrderLineInput])
  @ArrayMinSize(1, { message: 'Your Cart is Currently Empty' })
  @ArrayMaxSize(MAX_CART_LINES)
  @ValidateNested({ each: true })
  orderItems!: OrderLineInput[];

  @Field(() => PaymentProvider, { nullable: true, description: 'Bkash when not chosen (the form does not require it)' })
  @IsOptional()
  @IsEnum(PaymentProvider)
  paymentMethod?: PaymentProvider | null;

  @Field(() => ID, { nullable: true, description: "A Nirog prescription (of a patient this account acts for) that lists the cart's prescription-only medicines" })
  @IsOptional()
  @IsUUID('all', { message: 'Unknown prescription' })
  prescriptionId?: string | null;

  @Field(() => ID, { nullable: true, description: "One of the caller's family members the medicine is for; without it, the caller" })
  @IsOptional()
  @IsUUID('all', { message: 'Choose who it is for' })
  familyMemberId?: string | null;
}

/** One medicine a paper prescription allows, as the pharmacist reads it. */
@InputType()
export class PaperLineInput {
  @Field(() => ID, { description: 'A prescription-only medicine of the catalogue' })
  @IsUUID('all', { message: 'Unknown medicine' })
  medicineId!: string;

  @Field(() => Int, { description: "How many the paper allows for one course, in the catalogue's units (strips, bottles, pieces)" })
  @IsInt()
  @Min(1)
  @Max(1000)
  quantity!: number;

  @Field(() => Int, { defaultValue: 0, description: `Refills the paper grants (0 to ${MAX_REFILLS})` })
  @IsInt()
  @Min(0)
  @Max(MAX_REFILLS)
  refills: number = 0;
}

@InputType()
export class ReviewPrescriptionInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'Unknown order' })
  orderId!: string;

  @Field({ description: 'true: the prescription is genuine and lists the medicines (the patient then pays); false: the order is cancelled' })
  @IsBoolean()
  approve!: boolean;

  @Field(() => String, { nullable: true, description: 'Shown to the patient: required to reject (why), optional to approve' })
  @IsOptional()
  @MaxLength(300)
  note?: string | null;

  @Field(() => [PaperLineInput], { nullable: true, description: "Required to approve: what the paper allows, one line per medicine (the order's prescription-only lines must fit in it)" })
  @IsOptional()
  @ArrayMaxSize(MAX_PAPER_LINES)
  @ValidateNested({ each: true })
  lines?: PaperLineInput[] | null;

  @Field(() => String, { nullable: true, description: 'Required to approve: the last day (YYYY-MM-DD, Dhaka) it may be dispensed, today to a year ahead' })
  @IsOptional()
  @MaxLength(10)
  validUntil?: string | null;
}

@ArgsType()
export class PrescriptionOrderArgs extends PageArgs {
  @Field({ defaultValue: true, description: 'Only the orders waiting for a check (false: every order that went out with a photo)' })
  @IsBoolean()
  waiting: boolean = true;
}

/** The patient's own orders, and who they were for. */
@ArgsType()
export class MyOrderArgs extends PageArgs {
  @Field(() => ID, { nullable: true, description: CARE_FOR_ARG })
  @IsOptional()
  @IsUUID('all')
  careFor?: string | null;
}

@ArgsType()
export class AdminOrderArgs extends AdminPageArgs {
  @Field(() => OrderStatus, { nullable: true })
  @IsOptional()
  @IsEnum(OrderStatus)
  status?: OrderStatus | null;

  @Field(() => OrderPaymentStatus, { nullable: true, description: 'Paid: the orders whose money came in (the revenue tile)' })
  @IsOptional()
  @IsEnum(OrderPaymentStatus)
  paymentStatus?: OrderPaymentStatus | null;
}
