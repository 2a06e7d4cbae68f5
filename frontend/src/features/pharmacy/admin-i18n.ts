import { registerTranslations } from '@/i18n';

/**
 * The words of the medicine and order screens of admins and pharmacists, in the 'pharmacy' namespace
 * beside the catalogue's own (i18n.ts): kept out of the catalogue's and the cart's first load.
 */
registerTranslations('pharmacy', {
  en: {
    actions: 'Actions', active: 'In catalogue', allOrders: 'All Orders', allStatuses: 'All statuses', anyPayment: 'Any payment',
    chooseStatus: 'Choose a new status', customer: 'Customer', date: 'Date',
    deleteConfirm: 'Delete this order from the list? Only delivered or cancelled orders can be deleted.', deleted: 'Order deleted',
    description: 'Description', edit: 'Edit', editMedicine: 'Edit medicine', enterAll: 'Enter all Fields', hidden: 'Hidden', image: 'Image',
    lowStockOnly: 'Low stock only (10 or fewer)', medicines: 'Medicines', nameBn: 'Name in Bangla', newMedicine: 'New medicine',
    noOrdersAdmin: 'No order found', price: 'Price', priceBdt: 'Price (BDT)', save: 'Save', saved: 'Medicine saved',
    statusUpdated: 'Order status updated', stock: 'Stock', update: 'Update', updateStatus: 'Update Status', updateStatusTitle: 'Update Order Status',
  },
  bn: {
    actions: 'কাজ', active: 'তালিকায়', allOrders: 'সব অর্ডার', allStatuses: 'সব অবস্থা', anyPayment: 'সব পেমেন্ট',
    chooseStatus: 'নতুন অবস্থা বাছুন', customer: 'গ্রাহক', date: 'তারিখ',
    deleteConfirm: 'তালিকা থেকে এই অর্ডার মুছবেন? শুধু পৌঁছে যাওয়া বা বাতিল অর্ডার মোছা যায়।', deleted: 'অর্ডার মুছে ফেলা হয়েছে',
    description: 'বিবরণ', edit: 'সম্পাদনা', editMedicine: 'ওষুধ সম্পাদনা', enterAll: 'সব ঘর পূরণ করুন', hidden: 'লুকানো', image: 'ছবি',
    lowStockOnly: 'শুধু কম মজুত (১০ বা কম)', medicines: 'ওষুধ', nameBn: 'বাংলায় নাম', newMedicine: 'নতুন ওষুধ',
    noOrdersAdmin: 'কোনো অর্ডার পাওয়া যায়নি', price: 'দাম', priceBdt: 'দাম (টাকা)', save: 'সংরক্ষণ', saved: 'ওষুধ সংরক্ষিত',
    statusUpdated: 'অর্ডারের অবস্থা হালনাগাদ হয়েছে', stock: 'মজুদ', update: 'হালনাগাদ', updateStatus: 'অবস্থা বাছুন',
    updateStatusTitle: 'অর্ডারের অবস্থা হালনাগাদ',
  },
});
