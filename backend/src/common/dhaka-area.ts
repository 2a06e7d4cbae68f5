import { registerEnumType } from 'type-graphql';

/** Areas of Dhaka used by the blood donor registry and the ambulance directory. */
export enum DhakaArea {
  Uttara = 'Uttara',
  Dhanmondi = 'Dhanmondi',
  Mirpur = 'Mirpur',
  Banani = 'Banani',
  Gulshan = 'Gulshan',
  Mohammadpur = 'Mohammadpur',
  Motijheel = 'Motijheel',
  Badda = 'Badda',
  Bashundhara = 'Bashundhara',
  OldDhaka = 'Old Dhaka',
}
registerEnumType(DhakaArea, { name: 'DhakaArea' });
