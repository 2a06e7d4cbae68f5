import { Field, Int, ObjectType } from 'type-graphql';
import { SafeIntResolver } from 'graphql-scalars';

/** A count for today, this week (from Saturday) and this month, in Asia/Dhaka. */
@ObjectType()
export class PeriodCounts {
  @Field(() => Int) today!: number;
  @Field(() => Int) week!: number;
  @Field(() => Int) month!: number;
}

/** Poisha for today, this week and this month. SafeInt: a month's takings can pass Int's 2^31 poisha (21 million taka). */
@ObjectType()
export class PeriodAmounts {
  @Field(() => SafeIntResolver) today!: number;
  @Field(() => SafeIntResolver) week!: number;
  @Field(() => SafeIntResolver) month!: number;
}

@ObjectType()
export class StatusCount {
  @Field() status!: string;
  @Field(() => Int) count!: number;
}

@ObjectType()
export class DailyFigures {
  @Field({ description: 'YYYY-MM-DD, Asia/Dhaka' }) date!: string;
  @Field(() => Int) consultations!: number;
  @Field(() => Int) hospitalVisits!: number;
  @Field(() => SafeIntResolver) consultationRevenuePoisha!: number;
  @Field(() => SafeIntResolver) orderRevenuePoisha!: number;
}

@ObjectType({ description: 'The state of the business, computed by SQL aggregates at the moment of asking' })
export class AdminDashboard {
  @Field() generatedAt!: Date;
  @Field({ description: 'First day of "this week" (Saturday, as Bangladeshi calendars start the week), YYYY-MM-DD' }) weekStart!: string;
  @Field({ description: 'First day of this month, YYYY-MM-DD' }) monthStart!: string;
  @Field(() => PeriodCounts, { description: 'Video consultations booked (not cancelled)' }) consultations!: PeriodCounts;
  @Field(() => PeriodCounts, { description: 'Hospital visits booked (not cancelled)' }) hospitalVisits!: PeriodCounts;
  @Field(() => PeriodAmounts, { description: 'Paid consultation fees, by payment time; cancelled consultations excluded' }) consultationRevenuePoisha!: PeriodAmounts;
  @Field(() => PeriodAmounts, { description: 'Paid medicine orders (with shipping), by payment time; cancelled orders excluded' }) orderRevenuePoisha!: PeriodAmounts;
  @Field(() => [StatusCount], { description: 'Orders in the admin list (not archived), every status' }) ordersByStatus!: StatusCount[];
  @Field(() => [StatusCount], { description: 'Nurse hires, every status' }) hiresByStatus!: StatusCount[];
  @Field(() => PeriodCounts) newPatients!: PeriodCounts;
  @Field(() => PeriodCounts) newDoctors!: PeriodCounts;
  @Field(() => Int) pendingDoctors!: number;
  @Field(() => Int, { description: 'Blood requests sent in the last 7 days (a request older than that is no longer actionable)' }) waitingBloodRequests!: number;
  @Field(() => Int, { description: 'Medicines in the catalogue with stock at or below lowStockThreshold' }) lowStockMedicines!: number;
  @Field(() => Int) lowStockThreshold!: number;
  @Field(() => [DailyFigures], { description: 'The last 30 days, oldest first, today included' }) daily!: DailyFigures[];
}
