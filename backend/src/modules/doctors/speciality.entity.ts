import { Entity, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';

/**
 * A medical speciality (the /consultation grid and the /category list). Doctors name their
 * specialities by title in `Doctor.specialities`, so the filter is one indexed array overlap.
 */
@ObjectType()
@Entity({ tableName: 'specialities' })
export class Speciality extends BaseEntity<'imageUrl' | 'sortOrder' | 'titleBn'> {
  @Field()
  @Property({ length: 60, unique: true })
  title!: string;

  @Field({ description: "The title in Bangla, for the Bangla screens; '' when nobody has written it (show title)" })
  @Property({ length: 60, default: '' })
  titleBn: string = '';

  @Field()
  @Property({ length: 60, unique: true })
  slug!: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  imageUrl?: string | null;

  @Field(() => Int)
  @Property({ default: 0 })
  sortOrder: number = 0;

  /** Search keys of the title in both languages and the slug, kept by the database. */
  @Property({ type: 'text[]', generated: '(array[nirog_search_key(title), nirog_search_key(title_bn), nirog_search_key(slug)]) stored', lazy: true })
  readonly searchKeys?: string[];
}
