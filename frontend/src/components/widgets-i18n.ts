import { registerTranslations } from '@/i18n';

// The words of the shared widgets that only account and admin screens use (the image picker, the admin
// table, the verify-your-email gate): here, with those widgets, rather than in the shell's words that
// every first load downloads (issue #22).
registerTranslations('widgets', {
  en: {
    // What a form says beside a field it cannot take (shared by the forms that ask for the same things).
    fields: {
      nameRequired: 'Enter your name', emailRequired: 'Enter your email', emailInvalid: 'Enter a valid email address',
      phoneRequired: 'Enter a mobile number, like 01712345678', messageRequired: 'Write your message', chooseOne: 'Choose one of the options',
    },
    imagePicker: {
      choose: 'Choose a picture', chooseMany: 'Choose pictures', hint: 'JPEG, PNG or WebP, up to {{max}}', preview: 'Chosen pictures',
      notImage: '{{name}} is not a picture: choose a JPEG, PNG or WebP file', tooLarge: '{{name}} is larger than {{max}}: choose a smaller picture',
      tooMany: 'At most {{max}} pictures', remove: 'Remove {{name}}',
    },
    table: { newest: 'Newest first', oldest: 'Oldest first', sort: 'Sort', exportCsv: 'Export CSV',
      exported_one: 'Exported {{count}} row to {{file}}', exported_other: 'Exported {{count}} rows to {{file}}', exportFailed: 'The export failed: {{reason}}',
      total_one: '{{count}} row', total_other: '{{count}} rows' },
    verify: {
      title: 'Verify your email first', text: 'Booking, hiring a nurse and ordering medicine need a verified email. It takes a minute: enter the 6-digit code we sent you.',
      action: 'Confirm Email', orPhone: 'Or verify a mobile number instead',
    },
  },
  bn: {
    fields: {
      nameRequired: 'আপনার নাম দিন', emailRequired: 'আপনার ইমেইল দিন', emailInvalid: 'সঠিক ইমেইল ঠিকানা দিন',
      phoneRequired: 'একটি মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮', messageRequired: 'আপনার বার্তা লিখুন', chooseOne: 'একটি বিকল্প বেছে নিন',
    },
    imagePicker: {
      choose: 'ছবি বেছে নিন', chooseMany: 'ছবিগুলো বেছে নিন', hint: 'JPEG, PNG বা WebP, সর্বোচ্চ {{max}}', preview: 'বেছে নেওয়া ছবি',
      notImage: '{{name}} ছবি নয়: JPEG, PNG বা WebP ফাইল বেছে নিন', tooLarge: '{{name}} {{max}}-এর চেয়ে বড়: ছোট ছবি বেছে নিন',
      tooMany: 'সর্বোচ্চ {{max}}টি ছবি', remove: '{{name}} সরান',
    },
    table: { newest: 'নতুন আগে', oldest: 'পুরনো আগে', sort: 'সাজান', exportCsv: 'CSV ডাউনলোড',
      exported_one: '{{file}} ফাইলে {{count}}টি সারি ডাউনলোড হয়েছে', exported_other: '{{file}} ফাইলে {{count}}টি সারি ডাউনলোড হয়েছে', exportFailed: 'ডাউনলোড হয়নি: {{reason}}',
      total_one: '{{count}}টি সারি', total_other: '{{count}}টি সারি' },
    verify: {
      title: 'আগে আপনার ইমেইল যাচাই করুন', text: 'বুকিং, নার্স নেওয়া ও ওষুধ অর্ডারের জন্য যাচাই করা ইমেইল লাগে। এক মিনিটের কাজ: আমাদের পাঠানো ৬ অঙ্কের কোডটি দিন।',
      action: 'ইমেইল নিশ্চিত করুন', orPhone: 'অথবা একটি মোবাইল নম্বর যাচাই করুন',
    },
  },
});
