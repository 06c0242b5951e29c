import { createHash, timingSafeEqual } from 'node:crypto';
import { newToken } from './tokens';

/** A host's token shorter than this is refused at start: it guards table creation on a reachable port. */
export const MIN_ADMIN_TOKEN_LENGTH = 20;

/**
 * The host's (admin) token: it lets its holder create tables (`POST /api/tables`) and import logs.
 * The server keeps only its sha-256 and compares in constant time; the token itself is shown once by
 * whoever started the server (`fray serve` prints it, unless the operator supplied it).
 */
export class AdminToken {
  private constructor(private readonly digest: Buffer) {}

  /** From the operator's token (`--admin-token`, FRAY_ADMIN_TOKEN), or a fresh 256-bit one when none is given. */
  static from(token: string | undefined): { admin: AdminToken; generated: string | null } {
    if (token !== undefined && token.length < MIN_ADMIN_TOKEN_LENGTH) {
      throw new Error(`the admin token must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters long`);
    }
    const generated = token === undefined ? newToken() : null;
    return { admin: new AdminToken(sha256(token ?? generated!)), generated };
  }

  matches(candidate: string | undefined): boolean {
    if (!candidate || candidate.length > 512) return false;
    return timingSafeEqual(sha256(candidate), this.digest);
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
