import type { FastifyRequest } from 'fastify'
import type { Upload } from '../services/attachments'

/** The request's one multipart file as the services take it, or undefined when none was sent. */
export async function uploadOf(req: FastifyRequest): Promise<Upload | undefined> {
  const part = req.isMultipart() ? await req.file() : undefined
  return part && { filename: part.filename, stream: part.file, truncated: () => part.file.truncated }
}
