/**
 * The search module's public face: suggestions as one types, across the doctors' and the medicines'
 * own searches (each catalogue's search lives in its module; common/search.ts holds what they share).
 */
import type { NirogModule } from '../../common/module.js';
import { SearchResolver } from './search.resolver.js';

export { SearchService } from './search.service.js';

export const module: NirogModule = {
  name: 'search',
  entities: [],
  resolvers: [SearchResolver],
};
