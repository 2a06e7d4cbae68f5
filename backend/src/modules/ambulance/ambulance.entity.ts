import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';
import { localPhone } from '../../common/phone.js';
import { DhakaArea } from '../../common/dhaka-area.js';

export enum AmbulanceType {
  AC = 'AC',
  NonAC = 'Non-AC',
  ICU = 'ICU',
  Freezer = 'Freezer',
}
registerEnumType(AmbulanceType, { name: 'AmbulanceType', description: 'AC, Non-AC, ICU (with life support) or Freezer (dead-body carrier)' });

/** An ambulance provider on /ambulance (seeded directory; patients call them directly). */
@ObjectType()
@Entity({ tableName: 'ambulance_services' })
@Index({ properties: ['area', 'name'] })
export class AmbulanceService extends BaseEntity<'phone' | 'available24h'> {
  @Field()
  @Property({ length: 150, unique: true })
  name!: string;

  @Field(() => DhakaArea)
  @Enum({ items: () => DhakaArea })
  area!: DhakaArea;

  @Property({ length: 20 })
  phoneE164!: string;

  @Field(() => String, { description: 'With the leading 0, ready for a tel: link' })
  get phone(): string {
    return localPhone(this.phoneE164)!;
  }

  @Field(() => AmbulanceType)
  @Enum({ items: () => AmbulanceType })
  type!: AmbulanceType;

  @Field()
  @Property({ default: true })
  available24h: boolean = true;
}
