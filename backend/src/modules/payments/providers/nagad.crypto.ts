import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt, publicEncrypt, sign, verify, randomBytes, type KeyObject } from 'node:crypto';
import type { Config } from '../../../config.js';

/**
 * Nagad's scheme: sensitiveData = base64(RSA PKCS#1 v1.5 encryption of a JSON text with the
 * receiver's public key), signature = base64(SHA256withRSA of the same text with the sender's
 * private key). Both sides have a key pair; each knows the other's public key.
 */
export interface NagadKeys {
  merchantPrivate: KeyObject;
  merchantPublic: KeyObject;
  nagadPublic: KeyObject;
  /** Only the sandbox has it. */
  nagadPrivate?: KeyObject;
}

export function resolveNagadKeys(cfg: Config['payments']['nagad']): () => NagadKeys {
  let keys: NagadKeys | undefined;
  return () => {
    if (keys) return keys;
    const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
    // Without configured keys (development, tests) each process makes its own pairs: fine for the
    // sandbox, which lives in the same process; replicas need NAGAD_* keys set to agree.
    const merchantPrivate = cfg.merchantPrivateKey ? createPrivateKey(cfg.merchantPrivateKey) : pair().privateKey;
    const nagadPrivate = cfg.sandboxPrivateKey ? createPrivateKey(cfg.sandboxPrivateKey) : cfg.nagadPublicKey ? undefined : pair().privateKey;
    const nagadPublic = cfg.nagadPublicKey ? createPublicKey(cfg.nagadPublicKey) : createPublicKey(nagadPrivate!);
    keys = { merchantPrivate, merchantPublic: createPublicKey(merchantPrivate), nagadPublic, nagadPrivate };
    return keys;
  };
}

export function sealJson(data: object, receiverPublic: KeyObject, senderPrivate: KeyObject): { sensitiveData: string; signature: string } {
  const text = JSON.stringify(data);
  return {
    sensitiveData: publicEncrypt({ key: receiverPublic, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64'),
    signature: sign('sha256', Buffer.from(text), senderPrivate).toString('base64'),
  };
}

/** Decrypts and checks the signature; null when either fails (a forged or garbled message). */
export function openJson(sensitiveData: unknown, signature: unknown, receiverPrivate: KeyObject, senderPublic: KeyObject): Record<string, unknown> | null {
  if (typeof sensitiveData !== 'string' || typeof signature !== 'string') return null;
  try {
    const text = privateDecrypt({ key: receiverPrivate, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(sensitiveData, 'base64'));
    if (!verify('sha256', text, senderPublic, Buffer.from(signature, 'base64'))) return null;
    const parsed = JSON.parse(text.toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** YmdHis in Asia/Dhaka (UTC+6, no daylight saving). */
export function nagadDateTime(d = new Date()): string {
  return new Date(d.getTime() + 6 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

export const challenge = () => randomBytes(20).toString('hex');
