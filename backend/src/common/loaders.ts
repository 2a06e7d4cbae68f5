import DataLoader from 'dataloader';

/**
 * Batched reads for one request: field resolvers that need a related read model (an appointment's
 * doctor, an order line's medicine) ask the request's loader by id, and every id asked for while
 * a list resolves is read in one statement. Named per read model, created on first use, and
 * dropped with the request, so nothing is cached across requests or users.
 */
export class RequestLoaders {
  private readonly loaders = new Map<string, DataLoader<string, unknown>>();

  /** The loader `name` of this request; `load` answers the models of the given ids (missing ones left out). */
  of<V extends { id: string }>(name: string, load: (ids: readonly string[]) => Promise<V[]>): DataLoader<string, V | null> {
    let loader = this.loaders.get(name) as DataLoader<string, V | null> | undefined;
    if (!loader) {
      loader = new DataLoader<string, V | null>(async (ids) => {
        const byId = new Map((await load(ids)).map((v) => [v.id, v]));
        return ids.map((id) => byId.get(id) ?? null);
      });
      this.loaders.set(name, loader as DataLoader<string, unknown>);
    }
    return loader;
  }
}
