/**
 * The medical-files module's public face: what other modules and the composition root may use (the
 * rest of the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { PrivateFileMove } from './private-file-move.entity.js';
import { registerMedicalFileRoutes } from './medical-file.rest.js';

export * from './medical-file.service.js';
export { FileLinks, LINK_PATH, PRIVATE_FILE_KINDS, isPrivateKey, type FileGrant, type PrivateFileKind } from './medical-file.link.js';
export { PrivateFileMove } from './private-file-move.entity.js';

export const module: NirogModule = {
  name: 'medical-files',
  entities: [PrivateFileMove],
  resolvers: [],
  routes: registerMedicalFileRoutes,
};
