import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/**
 * The client's copy of the server's strength rule (backend/src/common/password.ts), for instant
 * feedback on every new-password field; the server decides. `t` is the caller's namespace, which
 * must define `passwordRequired` and `passwordRule`. A form that shows the rule as a hint hides the hint
 * while the rule is the error (`onRuleBroken`), so the rule is said once.
 */
export function passwordRules(t: TFunction, onRuleBroken?: (broken: boolean) => void): Rule[] {
  return [
    { required: true, message: t('passwordRequired') },
    {
      validator: (_rule, value: string | undefined) => {
        const ok = !value || (value.length >= 8 && /[A-Za-z\u0980-\u09FF]/.test(value) && /\d/.test(value));
        onRuleBroken?.(!ok);
        return ok ? Promise.resolve() : Promise.reject(new Error(t('passwordRule')));
      },
    },
  ];
}
