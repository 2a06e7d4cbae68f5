import { registerTranslations } from '@/i18n';

registerTranslations('pharmacy', {
  en: {
    rxRequired: 'Prescription needed',
    rxHint: 'Sold only with a prescription: your Nirog prescription, or a photo of your prescription checked by our pharmacist.', title: 'Order Medicine',
    searchPlaceholder: 'Brand or generic, English or Bangla (Napa, paracetamol)', search: 'Search', allForms: 'All types', didYouMean: 'Did you mean:', noMedicine: 'No Medicine Found',
    addToCart: 'Add to Cart', added: 'Item Added to Cart', inStock: 'In stock ({{count}})', outOfStock: 'Out of stock', perUnit: 'per {{unit}}',
    generic: 'Generic', company: 'Company', strength: 'Strength', type: 'Type', unitLabel: 'Unit', backToMedicine: 'Back to medicines', details: 'Details',
    unit: { Pcs: 'pcs', Bottle: 'bottle', Strip: 'strip' }, cart: 'Shopping Cart', emptyCart: 'Your Cart is Currently Empty',
    continueShopping: 'Continue shopping', subtotal: 'Subtotal', shipping: 'Shipping', total: 'Total', checkout: 'Check out', clearCart: 'Clear cart',
    clearConfirm: 'Remove every item from the cart?', remove: 'Remove', removeConfirm: 'Remove this item?', increase: 'Increase', decrease: 'Decrease',
    quantity: 'Quantity', priceChanged: 'Price changed: was {{was}}, now {{now}}', unavailable: 'Not enough stock (available: {{stock}})',
    prescriptionAllows_one: 'Your prescription allows {{count}} more', prescriptionAllows_other: 'Your prescription allows {{count}} more',
    prescriptionUsedUp: 'Your prescription allows no more of it', acceptChanges: 'Use current prices, stock and what the prescription allows',
    changesFirst: 'Some items changed. Review them before you pay.', lineTotal: '{{price}} × {{quantity}} = {{total}}',
    myOrders: 'My orders',
    forms: {
      Tablet: 'Tablet', Capsule: 'Capsule', Syrup: 'Syrup', Suspension: 'Suspension', Injection: 'Injection', Cream: 'Cream', Ointment: 'Ointment',
      Gel: 'Gel', Drops: 'Drops', Inhaler: 'Inhaler', Powder: 'Powder', Suppository: 'Suppository', Solution: 'Solution',
    },
  },
  bn: {
    rxRequired: 'প্রেসক্রিপশন লাগবে',
    rxHint: 'শুধু প্রেসক্রিপশনে বিক্রি হয়: আপনার নীরোগ প্রেসক্রিপশন, অথবা প্রেসক্রিপশনের ছবি যা আমাদের ফার্মাসিস্ট যাচাই করেন।', title: 'ওষুধ অর্ডার',
    searchPlaceholder: 'ব্র্যান্ড বা জেনেরিক, বাংলা বা ইংরেজিতে (নাপা, প্যারাসিটামল)', search: 'খুঁজুন', allForms: 'সব ধরন', didYouMean: 'আপনি কি খুঁজছেন:', noMedicine: 'কোনো ওষুধ পাওয়া যায়নি',
    addToCart: 'কার্টে যোগ করুন', added: 'কার্টে যোগ হয়েছে', inStock: 'মজুদ আছে ({{count}})', outOfStock: 'মজুদ নেই', perUnit: 'প্রতি {{unit}}',
    generic: 'জেনেরিক', company: 'কোম্পানি', strength: 'মাত্রা', type: 'ধরন', unitLabel: 'একক', backToMedicine: 'ওষুধের তালিকায় ফিরুন',
    details: 'বিস্তারিত', unit: { Pcs: 'পিস', Bottle: 'বোতল', Strip: 'পাতা' }, cart: 'শপিং কার্ট', emptyCart: 'আপনার কার্ট এখন খালি',
    continueShopping: 'কেনাকাটা চালিয়ে যান', subtotal: 'উপমোট', shipping: 'ডেলিভারি চার্জ', total: 'মোট', checkout: 'চেক আউট',
    clearCart: 'কার্ট খালি করুন', clearConfirm: 'কার্টের সব পণ্য সরাবেন?', remove: 'সরান', removeConfirm: 'এই পণ্যটি সরাবেন?', increase: 'বাড়ান',
    decrease: 'কমান', quantity: 'পরিমাণ', priceChanged: 'দাম বদলেছে: আগে {{was}}, এখন {{now}}', unavailable: 'যথেষ্ট মজুদ নেই (আছে: {{stock}})',
    prescriptionAllows_one: 'আপনার প্রেসক্রিপশনে আর {{count}}টি নেওয়া যাবে', prescriptionAllows_other: 'আপনার প্রেসক্রিপশনে আর {{count}}টি নেওয়া যাবে',
    prescriptionUsedUp: 'আপনার প্রেসক্রিপশনে এটি আর নেওয়া যাবে না', acceptChanges: 'বর্তমান দাম, মজুদ ও প্রেসক্রিপশনের সীমা নিন',
    changesFirst: 'কিছু পণ্য বদলেছে। পরিশোধের আগে দেখে নিন।', lineTotal: '{{price}} × {{quantity}} = {{total}}',
    myOrders: 'আমার অর্ডার',
    forms: {
      Tablet: 'ট্যাবলেট', Capsule: 'ক্যাপসুল', Syrup: 'সিরাপ', Suspension: 'সাসপেনশন', Injection: 'ইনজেকশন', Cream: 'ক্রিম', Ointment: 'মলম',
      Gel: 'জেল', Drops: 'ড্রপস', Inhaler: 'ইনহেলার', Powder: 'পাউডার', Suppository: 'সাপোজিটরি', Solution: 'দ্রবণ',
    },
  },
});
