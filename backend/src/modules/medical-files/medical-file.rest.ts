import type { RouteFn } from '../../common/rest.js';
import { notFound } from '../../common/errors.js';

/** How reading a medical file is limited (its declared limit, common/limits.ts). */
export const FILE_LINK_LIMIT = 'a link the server signed (HMAC-SHA256) for one viewer of one record, working for minutes (PRIVATE_FILE_LINK_SECONDS); '
  + 'made-up, altered and expired links all answer 404; every read is audited';

/**
 * The only way out of the private store: a link from a read model (an order's prescriptionImageUrl),
 * loaded by an <img> without an Authorization header. Nothing of it may be kept by a shared or a
 * browser cache, and each read is on record as a medical read, under the viewer the link was handed
 * to (the patient's own reads too: whoever holds a link reads with it), with the reader's address.
 */
export function registerMedicalFileRoutes(route: RouteFn): void {
  route('get', '/medical-files/:link', 'public', async (ctx, req, res) => {
    // First, so that a refusal (404) is not kept either.
    res.setHeader('Cache-Control', 'private, no-store');
    const opened = await ctx.services.medicalFiles.open(String(req.params.link));
    if (!opened) throw notFound('File');
    const { grant, body } = opened;
    await ctx.services.audit.recordMedicalRead(ctx.em, grant.viewer, 'MedicalFile', grant.key, null, {
      record: grant.record.type, id: grant.record.id, patient: grant.record.patientId,
    });
    res.status(200).setHeader('Content-Type', 'image/webp');
    res.setHeader('Content-Length', String(body.length));
    res.setHeader('Content-Disposition', 'inline');
    res.end(req.method === 'HEAD' ? undefined : body);
  }, { limitedIn: FILE_LINK_LIMIT });
}
