import { createHash, randomBytes } from 'node:crypto';

/** A fresh bearer token: 256 random bits, URL-safe. Shown once (in the invite link), stored only hashed. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a token: its sha-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A random id for tables and fights (not a secret: 96 bits so ids do not collide). */
export function newId(prefix: string): string {
  return `${prefix}-${randomBytes(12).toString('base64url')}`;
}
