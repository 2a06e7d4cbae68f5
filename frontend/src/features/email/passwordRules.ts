import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Instant feedback with the server's strength rule; the server decides (and its message is shown). */
export function newPasswordRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('passwordRequired') },
    {
      validator: (_rule, value: string | undefined) =>
        !value || (value.length >= 8 && /[A-Za-z\u0980-\u09FF]/.test(value) && /\d/.test(value))
          ? Promise.resolve()
          : Promise.reject(new Error(t('passwordRule'))),
    },
  ];
}
