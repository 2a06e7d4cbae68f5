import { registerEnumType } from 'type-graphql';
import { DhakaArea } from '../../common/dhaka-area.js';

/** The areas of Dhaka where Nirog's home-care nurses work: five of the DhakaArea list, the same values. */
export enum NurseLocation {
  Uttara = DhakaArea.Uttara,
  Dhanmondi = DhakaArea.Dhanmondi,
  Mirpur = DhakaArea.Mirpur,
  Banani = DhakaArea.Banani,
  Gulshan = DhakaArea.Gulshan,
}
registerEnumType(NurseLocation, { name: 'NurseLocation' });

export enum NurseHireStatus {
  Processing = 'Processing',
  Confirmed = 'Confirmed',
  Completed = 'Completed',
  Cancelled = 'Cancelled',
}
registerEnumType(NurseHireStatus, { name: 'NurseHireStatus', description: 'Processing → Confirmed → Completed; Processing or Confirmed → Cancelled' });

/**
 * The only moves a hire can make. Completed and Cancelled are final: a finished visit cannot be
 * cancelled (the patient may have reviewed it), and a cancelled one is booked again, not revived.
 */
export const HIRE_TRANSITIONS: Record<NurseHireStatus, readonly NurseHireStatus[]> = {
  [NurseHireStatus.Processing]: [NurseHireStatus.Confirmed, NurseHireStatus.Cancelled],
  [NurseHireStatus.Confirmed]: [NurseHireStatus.Completed, NurseHireStatus.Cancelled],
  [NurseHireStatus.Completed]: [],
  [NurseHireStatus.Cancelled]: [],
};

export const OPEN_HIRE_STATUSES = [NurseHireStatus.Processing, NurseHireStatus.Confirmed] as const;

export const canMoveHire = (from: NurseHireStatus, to: NurseHireStatus) => HIRE_TRANSITIONS[from].includes(to);

export enum NurseSort {
  Newest = 'Newest',
  TopRated = 'TopRated',
}
registerEnumType(NurseSort, { name: 'NurseSort', description: "TopRated: highest average first (home page's best nurses), then most reviewed" });
