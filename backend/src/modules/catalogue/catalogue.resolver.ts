import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { LimitedIn } from '../../common/limits.js';
import { Role } from '../../common/roles.js';
import { GraphQLUpload, readUpload, type FileUpload } from '../../common/upload.js';
import { badInput } from '../../common/errors.js';
import { CatalogueImport, CatalogueKind } from './catalogue-import.entity.js';

const IMPORT_LIMIT = 'admins only; one file of at most UPLOAD_MAX_BYTES and 50 000 rows per request; imports run one at a time (an advisory lock)';

@Resolver(() => CatalogueImport)
export class CatalogueResolver {
  @Mutation(() => CatalogueImport, { description: "Admins: reads a catalogue file (CSV or XLSX) and checks every row (the dry run): nothing is imported yet; problems name their line" })
  @Allow(Role.Admin)
  @LimitedIn(IMPORT_LIMIT)
  async checkCatalogueImport(
    @Arg('kind', () => CatalogueKind) kind: CatalogueKind,
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ) {
    const upload = await file;
    const data = await readUpload(Promise.resolve(upload), ctx.services.config.uploads.maxBytes);
    if (!data) throw badInput('Choose a file', { file: 'Choose a file' });
    return ctx.services.catalogue.check(ctx.em, ctx.user, kind, upload.filename ?? 'catalogue', data);
  }

  @Mutation(() => CatalogueImport, { description: 'Admins: imports a checked file without problems, in one transaction; answers at once with the import running (read its progress with catalogueImport)' })
  @Allow(Role.Admin)
  @LimitedIn(IMPORT_LIMIT)
  async runCatalogueImport(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    const { running, done } = await ctx.services.catalogue.start(ctx.em, id, ctx.user);
    void done;
    return running;
  }

  @Query(() => CatalogueImport, { description: 'Admins: one catalogue import, with its progress' })
  @Allow(Role.Admin)
  catalogueImport(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.catalogue.byId(ctx.em, id);
  }

  @Query(() => [CatalogueImport], { description: 'Admins: the latest catalogue imports, newest first' })
  @Allow(Role.Admin)
  catalogueImports(@Arg('last', () => Int, { defaultValue: 10 }) last: number, @Ctx() ctx: Context) {
    return ctx.services.catalogue.recent(ctx.em, Math.min(Math.max(last, 1), 50));
  }
}
