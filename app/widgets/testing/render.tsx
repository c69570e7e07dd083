import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { renderUi } from '~/fields/testing/render'

/** A widget inside a router (its links) and i18next (English), at `url`. */
export function renderWidget(ui: ReactElement, url = '/lk') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] })
  return renderUi(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}
