import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { requireTaskCreate } from '~/lib/access.server'

/** Task creation (/lk/t/add…): spec §6, task_create or back home. The guard of these pages. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireTaskCreate(request)
  return null
}

export default function TaskCreationLayout() {
  return <Outlet />
}
