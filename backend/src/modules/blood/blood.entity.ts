import { Entity, Enum, Index, ManyToOne, OneToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Ref } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { localPhone } from '../../common/phone.js';
import { DhakaArea } from '../../common/dhaka-area.js';
import { User } from '../accounts/index.js';
import { BloodGroup } from './blood.enums.js';

/** A request for blood from the /bloods form; visitors may send one too. */
@ObjectType()
@Entity({ tableName: 'blood_requests' })
@Index({ properties: ['createdAt'] })
@Index({ properties: ['ip', 'createdAt'] })
export class BloodRequest extends BaseEntity<'phone'> {
  @Field()
  @Property({ length: 100 })
  name!: string;

  @Property({ length: 20 })
  phoneE164!: string;

  @Field(() => String)
  get phone(): string {
    return localPhone(this.phoneE164)!;
  }

  @Field()
  @Property({ length: 254 })
  email!: string;

  @Field(() => BloodGroup)
  @Enum({ items: () => BloodGroup })
  group!: BloodGroup;

  @Field(() => DhakaArea, { nullable: true, description: 'Where the blood is needed; donors are matched in this area' })
  @Enum({ items: () => DhakaArea, nullable: true })
  area?: DhakaArea | null;

  /** The logged-in requester, if any; a visitor proves it is them with the request's access token. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null', index: true })
  user?: Ref<User> | null;

  /** The sender's address, kept to throttle requests (donor contacts must not be harvested in bulk). */
  @Property({ length: 64, nullable: true })
  ip?: string | null;

  /** sha256 of the secret handed out once at creation; the secret itself is never stored. */
  @Property({ length: 64, hidden: true })
  accessTokenHash!: string;
}

/** A registered blood donor: one per user. Contact details are shown only to a matching requester. */
@ObjectType()
@Entity({ tableName: 'blood_donors' })
@Index({ properties: ['group', 'area', 'lastDonationDate'] })
export class BloodDonor extends BaseEntity<'available' | 'phone'> {
  @OneToOne(() => User, { owner: true, ref: true, unique: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Field(() => BloodGroup)
  @Enum({ items: () => BloodGroup })
  group!: BloodGroup;

  @Field(() => DhakaArea)
  @Enum({ items: () => DhakaArea })
  area!: DhakaArea;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD; empty if never donated' })
  @Property({ type: 'date', nullable: true })
  lastDonationDate?: string | null;

  @Property({ length: 20 })
  phoneE164!: string;

  @Field(() => String)
  get phone(): string {
    return localPhone(this.phoneE164)!;
  }

  /** A donor can pause without leaving the registry. */
  @Field()
  @Property({ default: true })
  available: boolean = true;
}
