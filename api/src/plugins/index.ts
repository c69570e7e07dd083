import { csvServer } from './csv'
import { emailServer } from './email'
import type { ServerPlugin } from './types'
import { webhooksServer } from './webhooks'

/** The server halves of the shipped plugins, by id (domain/plugins/catalogue.ts lists them all). */
export const SERVER_PLUGINS: readonly ServerPlugin[] = [webhooksServer, emailServer, csvServer]

const byId = new Map(SERVER_PLUGINS.map((p) => [p.id, p]))

export const serverPlugin = (id: string): ServerPlugin | undefined => byId.get(id)
