import { registerEnumType } from 'type-graphql';

export enum BloodGroup {
  APositive = 'A+',
  ANegative = 'A-',
  BPositive = 'B+',
  BNegative = 'B-',
  OPositive = 'O+',
  ONegative = 'O-',
  ABPositive = 'AB+',
  ABNegative = 'AB-',
}
registerEnumType(BloodGroup, { name: 'BloodGroup', description: 'A+, A-, B+, B-, O+, O-, AB+, AB-' });

/**
 * Red-cell compatibility: whose blood a patient of each group can receive. A request is matched to
 * every compatible donor (the exact group listed first), because in an emergency an O- donor in the
 * same area helps more than an exact match across the city.
 */
export const COMPATIBLE_DONORS: Record<BloodGroup, readonly BloodGroup[]> = {
  [BloodGroup.ONegative]: [BloodGroup.ONegative],
  [BloodGroup.OPositive]: [BloodGroup.OPositive, BloodGroup.ONegative],
  [BloodGroup.ANegative]: [BloodGroup.ANegative, BloodGroup.ONegative],
  [BloodGroup.APositive]: [BloodGroup.APositive, BloodGroup.ANegative, BloodGroup.OPositive, BloodGroup.ONegative],
  [BloodGroup.BNegative]: [BloodGroup.BNegative, BloodGroup.ONegative],
  [BloodGroup.BPositive]: [BloodGroup.BPositive, BloodGroup.BNegative, BloodGroup.OPositive, BloodGroup.ONegative],
  [BloodGroup.ABNegative]: [BloodGroup.ABNegative, BloodGroup.ANegative, BloodGroup.BNegative, BloodGroup.ONegative],
  [BloodGroup.ABPositive]: Object.values(BloodGroup),
};

/** Whole blood: a donor may give again 90 days after the last donation (DGHS guidance). */
export const DONATION_INTERVAL_DAYS = 90;
