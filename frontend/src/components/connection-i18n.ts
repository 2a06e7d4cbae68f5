import { registerTranslations } from '@/i18n';

// The connection banner's words (components/ConnectionBanner.tsx), loaded with it once the page is idle.
registerTranslations('connection', {
  en: {
    connection: {
      offline: 'You are offline. Records saved on this phone still open; anything you send waits for the connection.',
      unreachable: 'Nirog cannot be reached right now.',
      back: 'Back online.',
      savedAt: 'You are seeing what was saved on {{when}}.',
      resending: 'The connection dropped: sending again (try {{attempt}} of {{of}})…',
      unsentTitle: 'Not sent yet',
      unsent: 'There is no connection, so this was not sent. What you typed is kept.',
      unsentAnswerless: 'Nirog did not answer, so this may not have been sent. What you typed is kept, and sending it again never doubles it.',
      unsentPayment: 'A payment is only sent when you press Try again, once you are back online.',
      armed: 'It will be sent as soon as the connection is back. Keep this page open.',
      sendLater: 'Send when back online',
      tryAgain: 'Try again',
      cancel: 'Cancel',
      waitingForConnection: 'Waiting for the connection…',
    },
  },
  bn: {
    connection: {
      offline: 'আপনি অফলাইনে আছেন। এই ফোনে রাখা রেকর্ড খোলা যাবে; যা পাঠাবেন তা সংযোগের অপেক্ষায় থাকবে।',
      unreachable: 'এই মুহূর্তে নীরোগে পৌঁছানো যাচ্ছে না।',
      back: 'আবার অনলাইনে।',
      savedAt: 'আপনি {{when}}-এ রাখা তথ্য দেখছেন।',
      resending: 'সংযোগ কেটে গেছে: আবার পাঠানো হচ্ছে ({{of}}টির মধ্যে {{attempt}} নম্বর চেষ্টা)…',
      unsentTitle: 'এখনো পাঠানো হয়নি',
      unsent: 'সংযোগ নেই, তাই এটি পাঠানো হয়নি। আপনার লেখা সব রাখা আছে।',
      unsentAnswerless: 'নীরোগ উত্তর দেয়নি, তাই এটি হয়তো পাঠানো হয়নি। আপনার লেখা সব রাখা আছে, আর আবার পাঠালেও দুবার হবে না।',
      unsentPayment: 'পেমেন্ট শুধু তখনই পাঠানো হয় যখন আপনি অনলাইনে ফিরে আবার চেষ্টা করুন চাপেন।',
      armed: 'সংযোগ ফিরলেই এটি পাঠানো হবে। পাতাটি খোলা রাখুন।',
      sendLater: 'অনলাইনে ফিরলে পাঠান',
      tryAgain: 'আবার চেষ্টা করুন',
      cancel: 'বাতিল',
      waitingForConnection: 'সংযোগের অপেক্ষায়…',
    },
  },
});
