import { registerTranslations } from '@/i18n';

/**
 * The words of who-is-it-for (family members) and of SMS codes, merged into the 'common' namespace
 * by the components that use them (CareForSelect, CareForFilter, CodeEntry, SmsSandbox), so the
 * shell's first load does not carry them (the budget suite holds / to 150 kB).
 */
registerTranslations('common', {
  en: {
    relation: {
      Father: 'Father', Mother: 'Mother', Spouse: 'Spouse', Son: 'Son', Daughter: 'Daughter', Brother: 'Brother', Sister: 'Sister',
      Grandfather: 'Grandfather', Grandmother: 'Grandmother', Grandchild: 'Grandchild', Other: 'Other family',
    },
    care: {
      forWhom: 'Who is it for?', me: 'Me ({{name}})', member: '{{name}} ({{relation}})', addMember: 'Add a family member',
      memberDetails: '{{relation}}, {{age}} years, {{gender}}', filter: 'Show care for', everyone: 'Everyone', myself: 'Me',
      forLabel: 'For: {{name}}', forMember: 'For {{name}} ({{relation}})', male: 'Male', female: 'Female',
      noMembers: 'Booking for someone else? Add your parents, children or spouse as family members first.',
      ofAccount: '{{relation}} of the account holder, {{account}}',
    },
    phoneCode: {
      sentTo: 'We sent a 6-digit code by SMS to {{phone}}. It works for {{minutes}} minutes.', code: 'Code from the SMS',
      codeRequired: 'Enter the 6-digit code', codeFormat: 'The code has 6 digits', confirm: 'Confirm',
      resendIn: 'You can ask for a new code in {{time}}', resend: 'Send a new code', changeNumber: 'Change the number',
      resent: 'A new code is on its way', sandbox: 'SMS sandbox (development)', sandboxHint: 'No real SMS is sent here: the texts this number would get are shown below.',
      noTexts: 'No text yet: it arrives in a moment.',
    },
  },
  bn: {
    relation: {
      Father: 'বাবা', Mother: 'মা', Spouse: 'স্বামী/স্ত্রী', Son: 'ছেলে', Daughter: 'মেয়ে', Brother: 'ভাই', Sister: 'বোন',
      Grandfather: 'দাদা/নানা', Grandmother: 'দাদি/নানি', Grandchild: 'নাতি/নাতনি', Other: 'পরিবারের অন্য সদস্য',
    },
    care: {
      forWhom: 'কার জন্য?', me: 'আমি ({{name}})', member: '{{name}} ({{relation}})', addMember: 'পরিবারের সদস্য যোগ করুন',
      memberDetails: '{{relation}}, {{age}} বছর, {{gender}}', filter: 'যার সেবা দেখাবে', everyone: 'সবাই', myself: 'আমি',
      forLabel: 'যার জন্য: {{name}}', forMember: '{{name}}-এর জন্য ({{relation}})', male: 'পুরুষ', female: 'নারী',
      noMembers: 'অন্য কারও জন্য বুক করবেন? আগে আপনার বাবা-মা, সন্তান বা স্বামী/স্ত্রীকে পরিবারের সদস্য হিসেবে যোগ করুন।',
      ofAccount: 'অ্যাকাউন্টধারী {{account}}-এর {{relation}}',
    },
    phoneCode: {
      sentTo: '{{phone}} নম্বরে এসএমএসে ৬ অঙ্কের একটি কোড পাঠিয়েছি। এটি {{minutes}} মিনিট কার্যকর।', code: 'এসএমএসের কোড',
      codeRequired: '৬ অঙ্কের কোডটি দিন', codeFormat: 'কোডে ৬টি অঙ্ক থাকে', confirm: 'নিশ্চিত করুন',
      resendIn: '{{time}} পরে নতুন কোড চাইতে পারবেন', resend: 'নতুন কোড পাঠান', changeNumber: 'নম্বর বদলান',
      resent: 'নতুন কোড পাঠানো হচ্ছে', sandbox: 'এসএমএস স্যান্ডবক্স (ডেভেলপমেন্ট)', sandboxHint: 'এখানে আসল এসএমএস যায় না: এই নম্বরে যে বার্তা যেত তা নিচে দেখানো হলো।',
      noTexts: 'এখনো কোনো বার্তা নেই: এক মুহূর্তে আসবে।',
    },
  },
});
