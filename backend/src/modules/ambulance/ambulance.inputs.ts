import { ArgsType, Field } from 'type-graphql';
import { IsEnum, IsOptional } from 'class-validator';
import { DhakaArea } from '../../common/dhaka-area.js';
import { AmbulanceType } from './ambulance.entity.js';

@ArgsType()
export class AmbulanceListArgs {
  @Field(() => DhakaArea, { nullable: true })
  @IsOptional()
  @IsEnum(DhakaArea)
  area?: DhakaArea | null;

  @Field(() => AmbulanceType, { nullable: true })
  @IsOptional()
  @IsEnum(AmbulanceType)
  type?: AmbulanceType | null;
}
