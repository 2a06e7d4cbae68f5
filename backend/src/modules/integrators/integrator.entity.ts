import { Check, Entity, Enum, Index, ManyToOne, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { IntegratorScope, OrganisationKind } from '../../common/scopes.js';
import { Doctor } from '../doctors/index.js';

/**
 * A third-party integrator (a hospital, a pharmacy partner, an insurer, a clinic app) registered by an
 * admin. It calls /graphql with one of its keys (IntegratorKey) and may use only the scopes listed
 * here. Its cost budget is a leaky bucket kept on this row (quota*), drained and refilled in one
 * statement so every replica shares it (integrator.quota.ts).
 */
@ObjectType({ description: 'A third-party app calling the API with its own key' })
@Entity({ tableName: 'integrator_apps' })
@Index({ properties: ['createdAt'] })
@Check({ name: 'integrator_apps_quota_check', expression: 'quota_size >= 1 and quota_restore_rate >= 1' })
export class IntegratorApp extends BaseEntity<'revokedAt' | 'organisationKind' | 'organisationName' | 'quotaSize' | 'quotaRestoreRate' | 'quotaAvailable' | 'quotaUpdatedAt'> {
  @Field()
  @Property({ length: 100 })
  name!: string;

  @Field()
  @Property({ length: 254 })
  contactEmail!: string;

  @Field(() => [IntegratorScope])
  @Property({ type: 'text[]' })
  scopes: IntegratorScope[] = [];

  @Field(() => OrganisationKind, { nullable: true, description: 'Whom the app acts for, where that applies' })
  @Enum({ items: () => OrganisationKind, nullable: true })
  organisationKind?: OrganisationKind | null;

  @Field(() => String, { nullable: true, description: "The hospital's or insurer's name, for people to read. It opens nothing: a hospital app reads the visits of the doctors an admin linked to it (hospitalDoctors)" })
  @Property({ length: 200, nullable: true })
  organisationName?: string | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Field(() => Int, { description: 'The cost budget: points the bucket holds when full' })
  @Property({ default: 1000 })
  quotaSize: number = 1000;

  @Field(() => Int, { description: 'Points the bucket gets back each second' })
  @Property({ default: 100 })
  quotaRestoreRate: number = 100;

  /** Points left at quotaUpdatedAt (the refill since then is added when read). */
  @Property({ type: 'double precision', default: 1000 })
  quotaAvailable: number = 1000;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  quotaUpdatedAt: Date = new Date();
}

/**
 * One key of an app: `nrg_live_<keyId>_<secret>`. Only the visible prefix (`nrg_live_<keyId>`, in
 * logs and on the admin screen) and a SHA-256 of the secret are kept; the whole key is shown once.
 * A rotated key keeps working until expiresAt (the overlap), a revoked one stops at once.
 */
@ObjectType({ description: "One of an app's keys: only its visible prefix is ever shown again" })
@Entity({ tableName: 'integrator_keys' })
export class IntegratorKey extends BaseEntity<'expiresAt' | 'revokedAt'> {
  @ManyToOne(() => IntegratorApp, { ref: true, deleteRule: 'cascade', index: true })
  app!: Ref<IntegratorApp>;

  /** The random id inside the key, looked up when a key is presented. */
  @Property({ length: 24, unique: true })
  keyId!: string;

  @Field({ description: 'nrg_live_<id>: how the key shows in logs' })
  @Property({ length: 40 })
  prefix!: string;

  @Property({ length: 64 })
  secretHash!: string;

  @Field(() => Date, { nullable: true, description: 'A rotated key stops working at this time' })
  @Property({ type: 'timestamptz', nullable: true })
  expiresAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;
}


/**
 * A doctor whose hospital visits a hospital's app may read, linked by an admin (the app's form).
 * This link, and nothing a doctor can type, decides which visits a hospital's app sees and which
 * visit webhooks it receives: a doctor's work place is free text the doctor sets, so matching it
 * against the hospital's name would let anyone's visits be read by the hospital they name. Removing
 * the link (or the app, or the doctor) ends the access at once.
 */
@Entity({ tableName: 'integrator_app_doctors' })
@Unique({ properties: ['app', 'doctor'] })
export class IntegratorAppDoctor extends BaseEntity {
  @ManyToOne(() => IntegratorApp, { ref: true, deleteRule: 'cascade' })
  app!: Ref<IntegratorApp>;

  @ManyToOne(() => Doctor, { ref: true, deleteRule: 'cascade', index: true })
  doctor!: Ref<Doctor>;
}
