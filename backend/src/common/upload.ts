import GraphQLUpload, { type FileUpload } from 'graphql-upload/GraphQLUpload.mjs';
import { readLimited } from './images.js';

export { GraphQLUpload, type FileUpload };

/** Reads a GraphQL multipart upload into memory, refusing anything over the size limit while it streams. */
export async function readUpload(upload: Promise<FileUpload> | FileUpload | null | undefined, maxBytes: number): Promise<Buffer | undefined> {
  if (!upload) return undefined;
  const file = await upload;
  return readLimited(file.createReadStream(), maxBytes);
}
