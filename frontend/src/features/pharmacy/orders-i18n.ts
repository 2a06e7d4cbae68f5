import { registerTranslations } from '@/i18n';

/**
 * The words of orders (my orders, the pharmacist's checks, the admin's orders), in the 'pharmacy'
 * namespace beside the catalogue's and the cart's (i18n.ts): kept out of the /medicine and /cart first
 * load, loaded with the screens that show orders.
 */
registerTranslations('pharmacy', {
  en: {
    noOrders: 'No order found', orderSome: 'Order some medicine!', quantityOf: 'Quantity {{count}} ({{unit}})',
    totalPrice: 'Total Price {{amount}} BDT', status: 'Status', orderedOn: 'Ordered {{date}}',
    orderTotal: 'Order total {{amount}} (shipping included)',
    statuses: { PrescriptionCheck: 'Prescription check', Processing: 'Processing', Confirmed: 'Confirmed', Delivered: 'Delivered', Cancelled: 'Cancelled' },
    payments: { Pending: 'Awaiting payment', Paid: 'Paid', Failed: 'Payment failed' }, payNow: 'Pay now',
  },
  bn: {
    noOrders: 'কোনো অর্ডার পাওয়া যায়নি', orderSome: 'ওষুধ অর্ডার করুন!', quantityOf: 'পরিমাণ {{count}} ({{unit}})',
    totalPrice: 'মোট দাম {{amount}} টাকা', status: 'অবস্থা', orderedOn: 'অর্ডার {{date}}',
    orderTotal: 'অর্ডারের মোট {{amount}} (ডেলিভারিসহ)',
    statuses: { PrescriptionCheck: 'প্রেসক্রিপশন যাচাই', Processing: 'প্রক্রিয়াধীন', Confirmed: 'নিশ্চিত', Delivered: 'পৌঁছে গেছে', Cancelled: 'বাতিল' },
    payments: { Pending: 'পরিশোধের অপেক্ষায়', Paid: 'পরিশোধিত', Failed: 'পরিশোধ ব্যর্থ' }, payNow: 'এখন পরিশোধ করুন',
  },
});
