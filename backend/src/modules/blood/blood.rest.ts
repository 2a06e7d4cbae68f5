import type { RouteFn } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import { AdminPageArgs } from '../../common/pagination.js';
import type { BloodDonor, BloodRequest } from './blood.entity.js';
import { BloodDonorInput, BloodRequestInput } from './blood.inputs.js';
import { csvExport } from '../../common/csv-export.js';

export function toSpecBloodRequest(r: BloodRequest) {
  return { _id: r.id, id: r.id, name: r.name, phone: r.phone, email: r.email, group: r.group, area: r.area ?? null, createdAt: r.createdAt };
}

function toSpecDonor(d: BloodDonor, eligibleNow: boolean) {
  return { _id: d.id, id: d.id, group: d.group, area: d.area, lastDonationDate: d.lastDonationDate ?? null, phone: d.phone, available: d.available, eligibleNow };
}

export function registerBloodRoutes(route: RouteFn): void {
  route('post', '/blood/booking', 'public', async (ctx, req) => {
    const { request, accessToken, donors } = await ctx.services.blood.createRequest(ctx.em, ctx.user, await parseInput(BloodRequestInput, req.body), ctx.ip);
    return { success: true, message: 'Send successfully', bloodRequest: toSpecBloodRequest(request), accessToken, donors };
  }, { throttle: 'blood-ip', idempotent: true });

  // The visitor's secret travels in a header, not the URL, so that it stays out of access logs.
  route('get', '/blood/request/:id/donors', 'public', async (ctx, req) => {
    const token = req.get('x-blood-request-token') ?? null;
    return { success: true, donors: await ctx.services.blood.donorsFor(ctx.em, ctx.user, String(req.params.id), token) };
  });

  route('get', '/admin/blood/requests', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.blood.adminRequests(ctx.em, await parseInput(AdminPageArgs, req.query));
    return { success: true, bloodRequests: page.items.map(toSpecBloodRequest), resultPerPage: page.pageSize, requestCount: page.total };
  });

  route('post', '/blood/donor', 'authenticated', async (ctx, req) => {
    const donor = await ctx.services.blood.registerDonor(ctx.em, ctx.user!, await parseInput(BloodDonorInput, req.body));
    return { success: true, donor: toSpecDonor(donor, ctx.services.blood.isEligible(donor)) };
  });

  route('get', '/blood/donor/me', 'authenticated', async (ctx) => {
    const donor = await ctx.services.blood.myDonorProfile(ctx.em, ctx.user!);
    return { success: true, donor: donor ? toSpecDonor(donor, ctx.services.blood.isEligible(donor)) : null };
  });

  csvExport(route, 'blood-requests', AdminPageArgs, (ctx, args) => ctx.services.blood.adminRequests(ctx.em, args), [
    { header: 'id', value: (b) => b.id }, { header: 'sent', value: (b) => b.createdAt }, { header: 'name', value: (b) => b.name },
    { header: 'phone', value: (b) => b.phone }, { header: 'email', value: (b) => b.email }, { header: 'group', value: (b) => b.group }, { header: 'area', value: (b) => b.area },
  ]);
}
