import { registerTranslations } from '@/i18n';

/**
 * The words of the payment's result page, in the 'pharmacy' namespace beside the catalogue's and the
 * cart's (i18n.ts): kept out of the /medicine and /cart first load, loaded with that page.
 */
registerTranslations('pharmacy', {
  en: {
    paymentSuccess: 'Payment Success',
    paymentSuccessText: 'Your payment of {{amount}} is confirmed (transaction {{tranId}}).', done: 'Done',
    paymentPending: 'We are confirming your payment',
    paymentPendingText: 'This can take a minute. Your order is kept for you.', checkAgain: 'Check again',
    paymentFailed: 'Payment not completed',
    paymentFailedText: 'No money was taken. Your order was cancelled and the items went back to stock.',
    paymentCancelled: 'Payment cancelled', backToCart: 'Back to cart', myBookings: 'My consultations',
    paymentFailedConsultation: 'No money was taken. You can book and pay again.',
  },
  bn: {
    paymentSuccess: 'পেমেন্ট সফল', paymentSuccessText: 'আপনার {{amount}} পরিশোধ নিশ্চিত হয়েছে (লেনদেন {{tranId}})।',
    done: 'ঠিক আছে', paymentPending: 'আপনার পেমেন্ট যাচাই করা হচ্ছে',
    paymentPendingText: 'এক মিনিট লাগতে পারে। আপনার অর্ডার রাখা আছে।', checkAgain: 'আবার দেখুন',
    paymentFailed: 'পেমেন্ট সম্পন্ন হয়নি',
    paymentFailedText: 'কোনো টাকা কাটা হয়নি। অর্ডার বাতিল হয়েছে এবং পণ্য মজুদে ফিরে গেছে।',
    paymentCancelled: 'পেমেন্ট বাতিল', backToCart: 'কার্টে ফিরুন', myBookings: 'আমার পরামর্শ',
    paymentFailedConsultation: 'কোনো টাকা কাটা হয়নি। আবার বুক করে পরিশোধ করতে পারেন।',
  },
});
