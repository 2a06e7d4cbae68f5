import type { RouteFn } from '../../common/rest.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import { AdminPageArgs } from '../../common/pagination.js';
import type { InsuranceApplication } from './insurance.entity.js';
import { InsuranceApplicationInput } from './insurance.inputs.js';
import { csvExport } from '../../common/csv-export.js';
import { picture } from '../../common/rest-images.js';

const toSpecApplication = (a: InsuranceApplication) =>
  ({ _id: a.id, id: a.id, name: a.name, email: a.email, phone: a.phone, gender: a.gender, createdAt: a.createdAt });

export function registerInsuranceRoutes(route: RouteFn): void {
  route('get', '/insurance/articles', 'public', async (ctx) => {
    const articles = await ctx.services.insurance.articles(ctx.em);
    return { success: true, articles: articles.map((a) => ({ _id: a.id, id: a.id, slug: a.slug, title: a.title, summary: a.summary, body: a.body, image: picture(a.imageUrl, 'article') })) };
  });

  route('post', '/insurance/apply', 'public', async (ctx, req) => {
    const application = await ctx.services.insurance.apply(ctx.em, ctx.user, await parseInput(InsuranceApplicationInput, req.body));
    return { success: true, application: toSpecApplication(application), message: 'Send successfully' };
  }, { throttle: 'form-ip', idempotent: true });

  route('get', '/admin/insurance/applications', [Role.Admin], async (ctx, req) => {
    const page = await ctx.services.insurance.applications(ctx.em, await parseInput(AdminPageArgs, req.query));
    return { success: true, applications: page.items.map(toSpecApplication), resultPerPage: page.pageSize, applicationCount: page.total };
  });

  csvExport(route, 'insurance-applications', AdminPageArgs, (ctx, args) => ctx.services.insurance.applications(ctx.em, args), [
    { header: 'id', value: (a) => a.id }, { header: 'sent', value: (a) => a.createdAt }, { header: 'name', value: (a) => a.name },
    { header: 'email', value: (a) => a.email }, { header: 'phone', value: (a) => a.phone }, { header: 'gender', value: (a) => a.gender },
  ]);
}
