import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { useFamilyMembers } from './CareForSelect';
import './care-for.css';
import './care-i18n';

/** The `careFor` filter of the patient's lists, from the URL (?for=<member id> or ?for=me); undefined: everyone. */
export function useCareFor(): string | undefined {
  const [params] = useSearchParams();
  const session = useSession();
  const value = params.get('for');
  if (!value) return undefined;
  return value === 'me' ? session?.user.id : value;
}

/**
 * "Show care for: Everyone / Me / each family member" above My Consultations, Prescriptions,
 * Orders and Hired Nurses. Kept in the URL (reload and the back button keep the view). A plain
 * select: the lists it sits on load no antd for it. Hidden while the patient has no family members.
 */
export default function CareForFilter() {
  const { t } = useTranslation('common');
  const [params, setParams] = useSearchParams();
  const members = useFamilyMembers();
  if (!members.length && !params.get('for')) return null;
  const value = params.get('for') ?? '';
  return (
    <label className="care-filter">
      <span>{t('care.filter')}</span>
      <select value={value} data-testid="care-filter" onChange={(e) => {
        const next = new URLSearchParams(params);
        if (e.target.value) next.set('for', e.target.value);
        else next.delete('for');
        next.delete('page');
        setParams(next);
      }}>
        <option value="">{t('care.everyone')}</option>
        <option value="me">{t('care.myself')}</option>
        {members.map((m) => <option key={m.id} value={m.id}>{t('care.member', { name: m.name, relation: t(`relation.${m.relation}`) })}</option>)}
      </select>
    </label>
  );
}

/** "For: Amena Begum (Mother)" on a card of care booked for a family member; nothing for the account holder's own. */
export function CareForLine({ careFor }: { careFor?: { familyMemberId?: string | null; name: string; relation?: string | null } | null }) {
  const { t } = useTranslation('common');
  if (!careFor?.familyMemberId || !careFor.relation) return null;
  return <div className="care-for-line" data-testid="care-for-line">{t('care.forMember', { name: careFor.name, relation: t(`relation.${careFor.relation}`) })}</div>;
}

/** For the doctor and admins: "Mother of the account holder, Rahima Akter" when the care is for a family member. */
export function CareOfAccount({ careFor }: { careFor?: { familyMemberId?: string | null; relation?: string | null; accountName: string } | null }) {
  const { t } = useTranslation('common');
  if (!careFor?.familyMemberId || !careFor.relation) return null;
  return <div className="care-for-line" data-testid="care-of-account">{t('care.ofAccount', { relation: t(`relation.${careFor.relation}`), account: careFor.accountName })}</div>;
}
