import { Select } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MyDetailsDocument, MyFamilyMembersDocument, type FamilyMemberFieldsFragment, type Gender } from '@/gql/graphql';
import { todayInDhaka } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import './care-for.css';
import './care-i18n';

/** The value of "Who is it for?" when it is the account holder: no family member id. */
export const FOR_ME = 'me';

/** The patient's family members (cached for the forms that choose among them). */
export function useFamilyMembers(): FamilyMemberFieldsFragment[] {
  const { data } = useQuery(MyFamilyMembersDocument, { fetchPolicy: 'cache-and-network' });
  return data?.myFamilyMembers ?? [];
}

/** What the account's profile knows of its holder, for a form filled for "me". */
export interface MyDetails {
  name: string;
  phone: string;
  gender?: Gender;
  /** Whole years on Dhaka's today, from the profile's birthdate. */
  age?: number;
}

/** Whole years from a birthdate (YYYY-MM-DD) to a day (YYYY-MM-DD). */
export function yearsOld(birthdate: string, today: string): number {
  const [by, bm, bd] = birthdate.slice(0, 10).split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty! - by! - (tm! < bm! || (tm === bm && td! < bd!) ? 1 : 0);
}

/**
 * The account holder's details from the profile (name, phone, gender, age): booking for "me" and the
 * shipping and hire forms start from them instead of asking again what the profile already knows.
 */
export function useMyDetails(): MyDetails | null {
  const { data } = useQuery(MyDetailsDocument, { fetchPolicy: 'cache-first' });
  const me = data?.me;
  if (!me) return null;
  return { name: me.name, phone: me.phone ?? '', gender: me.gender ?? undefined, age: me.birthdate ? yearsOld(me.birthdate, todayInDhaka()) : undefined };
}

/** The family member id to send for a choice of CareForSelect (none for the account holder). */
export const familyMemberIdOf = (value: string | undefined): string | null => (value && value !== FOR_ME ? value : null);

/**
 * "Who is it for?" on the booking, hiring and order forms: the account holder or one of their family
 * members (/my/family). A form field (value/onChange): FOR_ME or a member's id. The form fills the
 * member's own name, age and gender in (the server uses the member's, whatever is sent).
 */
export default function CareForSelect({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const members = useFamilyMembers();
  return (
    <div className="care-for">
      <Select id={id} value={value ?? FOR_ME} onChange={onChange} data-testid="care-for"
        options={[
          { value: FOR_ME, label: t('care.me', { name: session?.user.name ?? '' }) },
          ...members.map((m) => ({ value: m.id, label: t('care.member', { name: m.name, relation: t(`relation.${m.relation}`) }) })),
        ]} />
      <div className="care-for-hint">
        {!members.length && <span className="muted">{t('care.noMembers')} </span>}
        <Link to={paths.myFamily}>{t('care.addMember')}</Link>
      </div>
    </div>
  );
}
