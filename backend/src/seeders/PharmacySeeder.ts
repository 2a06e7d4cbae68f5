import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { User } from '../modules/accounts/user.entity.js';
import { Medicine } from '../modules/medicines/medicine.entity.js';
import { Order, OrderItem, OrderPaymentStatus, OrderStatus } from '../modules/orders/order.entity.js';
import { SHIPPING_POISHA } from '../modules/orders/order.service.js';
import { Payment, PaymentProvider, PaymentPurpose, PaymentStatus } from '../modules/payments/payment.entity.js';
import { BANGLA_NAMES, DEMO_MEDICINES, DOSES_PER_UNIT, PRESCRIPTION_ONLY } from './demo-medicines.js';
import { defaultDosesPerUnit } from '../modules/medicines/medicine.entity.js';
import { demoImages, type DemoSeedContext } from './demo-images.js';

interface DemoOrder {
  tranId: string;
  daysAgo: number;
  status: OrderStatus;
  payment: PaymentStatus;
  provider: PaymentProvider;
  lines: [brand: string, quantity: number][];
}

/** The demo patient's past orders: one or more in every status, paid by bKash and by Nagad. */
const DEMO_ORDERS: DemoOrder[] = [
  { tranId: 'NRG20260905DEMO000001', daysAgo: 78, status: OrderStatus.Delivered, payment: PaymentStatus.Completed, provider: PaymentProvider.Bkash,
    lines: [['Napa Extra', 2], ['Seclo', 1], ['Orsaline-N', 10]] },
  { tranId: 'NRG20261012DEMO000002', daysAgo: 41, status: OrderStatus.Delivered, payment: PaymentStatus.Completed, provider: PaymentProvider.Nagad,
    lines: [['Monas', 1], ['Fexo', 1]] },
  { tranId: 'NRG20261030DEMO000003', daysAgo: 23, status: OrderStatus.Cancelled, payment: PaymentStatus.Cancelled, provider: PaymentProvider.Bkash,
    lines: [['Zimax', 1]] },
  { tranId: 'NRG20261115DEMO000004', daysAgo: 7, status: OrderStatus.Confirmed, payment: PaymentStatus.Completed, provider: PaymentProvider.Bkash,
    lines: [['Maxpro', 2], ['Calbo-D', 1]] },
  { tranId: 'NRG20261120DEMO000005', daysAgo: 2, status: OrderStatus.Processing, payment: PaymentStatus.Completed, provider: PaymentProvider.Nagad,
    lines: [['Alatrol', 1], ['Sergel', 1], ['Napa Syrup', 1]] },
];

export class PharmacySeeder extends Seeder<DemoSeedContext> {
  async run(em: EntityManager, context?: DemoSeedContext): Promise<void> {
    const images = demoImages(context);
    const found = await em.find(Medicine, { name: { $in: DEMO_MEDICINES.map((m) => m[0]) } }, { fields: ['name', 'strength', 'form', 'imageUrl', 'nameBn'] });
    const have = new Set(found.map((m) => m.name));
    // Demo medicines seeded before they had a Bangla name get theirs (one an admin wrote stays).
    for (const m of found.filter((f) => !f.nameBn && BANGLA_NAMES[f.name])) await em.nativeUpdate(Medicine, { id: m.id }, { nameBn: BANGLA_NAMES[m.name]! });
    // Demo medicines seeded before they had a pack image get one.
    for (const m of found.filter((f) => !f.imageUrl)) await em.nativeUpdate(Medicine, { id: m.id }, { imageUrl: await images.pack(m) });
    const missing = DEMO_MEDICINES.filter(([name]) => !have.has(name));
    const packs = await images.packs(missing.map(([name, , , strength, form]) => ({ name, strength, form })));
    for (const [i, [name, genericName, company, strength, form, unit, priceBdt, stock]] of missing.entries()) {
      em.create(Medicine, {
        name, nameBn: BANGLA_NAMES[name] ?? '', genericName, company, strength, form, unit, pricePoisha: priceBdt * 100, stock, imageUrl: packs[i]!,
        description: `${name} (${genericName} ${strength}) by ${company}. Sold per ${unit}.`,
        prescriptionRequired: PRESCRIPTION_ONLY.has(name), dosesPerUnit: DOSES_PER_UNIT[name] ?? defaultDosesPerUnit(form, unit),
      });
    }
    await em.flush();
    // A catalogue seeded before medicines had the flag gets it once (never again: an admin may change it).
    if (found.length && !(await em.count(Medicine, { prescriptionRequired: true }))) {
      await em.nativeUpdate(Medicine, { name: { $in: [...PRESCRIPTION_ONLY] } }, { prescriptionRequired: true });
      for (const [name, doses] of Object.entries(DOSES_PER_UNIT)) await em.nativeUpdate(Medicine, { name }, { dosesPerUnit: doses });
    }

    const patient = await em.findOne(User, { email: 'patient@nirog.test' });
    if (!patient) return;
    const seeded = new Set((await em.find(Order, { paymentTranId: { $in: DEMO_ORDERS.map((o) => o.tranId) } }, { fields: ['paymentTranId'] })).map((o) => o.paymentTranId));
    const medicines = new Map((await em.find(Medicine, { name: { $in: DEMO_ORDERS.flatMap((o) => o.lines.map((l) => l[0])) } })).map((m) => [m.name, m]));
    for (const d of DEMO_ORDERS) {
      if (seeded.has(d.tranId)) continue;
      const at = new Date(Date.now() - d.daysAgo * 86400_000);
      const lines = d.lines.map(([brand, quantity]) => ({ m: medicines.get(brand)!, quantity }));
      const itemsPoisha = lines.reduce((s, l) => s + l.m.pricePoisha * l.quantity, 0);
      const paid = d.payment === PaymentStatus.Completed;
      const order = em.create(Order, {
        createdAt: at, user: patient, status: d.status, paymentMethod: d.provider, paymentTranId: d.tranId,
        paymentStatus: paid ? OrderPaymentStatus.Paid : OrderPaymentStatus.Failed,
        itemsPoisha, shippingPoisha: SHIPPING_POISHA, totalPoisha: itemsPoisha + SHIPPING_POISHA,
        shippingName: patient.name, shippingPhoneE164: patient.phoneE164 ?? '+8801712345678',
        shippingAddress: 'House 12, Road 5, Sector 7', shippingCity: 'Dhaka (Uttara)',
        paidAt: paid ? new Date(at.getTime() + 120_000) : null,
        confirmedAt: d.status === OrderStatus.Confirmed || d.status === OrderStatus.Delivered ? new Date(at.getTime() + 3600_000) : null,
        deliveredAt: d.status === OrderStatus.Delivered ? new Date(at.getTime() + 2 * 86400_000) : null,
        cancelledAt: d.status === OrderStatus.Cancelled ? new Date(at.getTime() + 600_000) : null,
        cancelReason: d.status === OrderStatus.Cancelled ? 'PAYMENT_CANCELLED' : null,
        stockReleased: d.status === OrderStatus.Cancelled,
      });
      for (const l of lines) {
        em.create(OrderItem, {
          createdAt: at, order, medicine: l.m, name: l.m.name, strength: l.m.strength, unit: l.m.unit, imageUrl: l.m.imageUrl ?? null,
          unitPricePoisha: l.m.pricePoisha, quantity: l.quantity, lineTotalPoisha: l.m.pricePoisha * l.quantity,
        });
      }
      em.create(Payment, {
        createdAt: at, tranId: d.tranId, purpose: PaymentPurpose.Order, purposeId: order.id, user: patient, amountPoisha: itemsPoisha + SHIPPING_POISHA,
        currency: 'BDT', provider: d.provider, status: d.payment,
        providerPaymentId: `DEMO-${d.tranId}`, providerTrxId: paid ? `DEMO${d.tranId.slice(-6)}` : null,
        failureReason: paid ? null : 'CANCELLED_BY_PAYER', completedAt: paid ? new Date(at.getTime() + 120_000) : null, closedAt: new Date(at.getTime() + 120_000),
      });
    }
    await em.flush();
  }
}
