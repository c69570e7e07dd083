/**
 * Body limits shared by the upstream and the web tier's /api forwarding (issue 10): the web tier
 * refuses what the upstream would refuse anyway, before streaming it across.
 */

/** The largest request body the upstream reads outside uploads (JSON). */
export const BODY_LIMIT = 1024 * 1024

/** Room for a multipart upload's headers and boundaries around its one file. */
export const MULTIPART_OVERHEAD = 1024 * 1024

/** The most of a refused body that is read and thrown away so that the caller can read the 413. */
export const DISCARD_LIMIT = 128 * 1024 * 1024
