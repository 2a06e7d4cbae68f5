import type { BloodGroup } from '@/gql/graphql';

export const BLOOD_GROUPS: { value: BloodGroup; label: string }[] = [
  { value: 'APositive', label: 'A+' }, { value: 'ANegative', label: 'A-' }, { value: 'BPositive', label: 'B+' }, { value: 'BNegative', label: 'B-' },
  { value: 'OPositive', label: 'O+' }, { value: 'ONegative', label: 'O-' }, { value: 'ABPositive', label: 'AB+' }, { value: 'ABNegative', label: 'AB-' },
];

export const groupLabel = (g: BloodGroup) => BLOOD_GROUPS.find((x) => x.value === g)?.label ?? g;


/** The visitor's proof for their latest request, kept for this browser tab only. */
const KEY = 'nirog.bloodRequest';
export function saveRequestAccess(requestId: string, accessToken: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ requestId, accessToken }));
  } catch {
    /* private mode */
  }
}
export function loadRequestAccess(): { requestId: string; accessToken: string } | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as { requestId: string; accessToken: string }) : null;
  } catch {
    return null;
  }
}
export function clearRequestAccess() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}
