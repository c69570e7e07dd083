import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (m=19 MiB, t=2): ~12 ms a hash on this machine.
export const hashPassword = (password: string) => hash(password)

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

/** A hash to compare against when the user does not exist, so that timing does not tell. */
export const DUMMY_HASH = await hash('nodus-dummy-password')
