// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWidget } from '../testing/render'
import { CardLink } from './card-link'
import { CardModal } from './card-modal'
import { CardModalProvider } from './card-modal-provider'
import type { CardView } from './card-view'

const card: CardView = {
  id: '00000000-0000-4000-8000-000000000001',
  key: 'DEV-7',
  process_key: 'DEV',
  title: 'Replace the pump',
  status: { id: '00000000-0000-4000-8000-00000000000a', name: 'In progress', color: '#f2994a' },
  subtitle: 'Anna Petrova',
  fields: [
    { name: 'cf_due', title: 'Due', text: '31.01.2024' },
    { name: 'assignee', title: 'fields.system.assignee', text: '' },
  ],
}

describe('card modal', () => {
  it('shows the title, subtitle, status with its dot, the fields and a button to the card', () => {
    renderWidget(<CardModal state={{ state: 'ready', answer: { card } }} onClose={() => {}} />)
    const dialog = screen.getByRole('dialog')
    expect(screen.getByTestId('card-modal-title').textContent).toBe('Replace the pump')
    expect(screen.getByTestId('card-modal-subtitle').textContent).toBe('Anna Petrova')
    expect(screen.getByTestId('card-modal-status').textContent).toBe('In progress')
    expect(
      (screen.getByTestId('card-modal-status').querySelector('.status-dot') as HTMLElement).style
        .backgroundColor,
    ).toBe('rgb(242, 153, 74)')
    const fields = screen.getAllByTestId('card-modal-field').map((f) => f.textContent)
    // An empty value shows a dash; a system field's title is translated.
    expect(fields).toEqual(['Due31.01.2024', 'Assignee—'])
    expect(screen.getByTestId('card-modal-open').getAttribute('href')).toBe('/lk/t/DEV/DEV-7')
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy()
  })

  it('closes on Escape and on its close button', () => {
    const onClose = vi.fn()
    renderWidget(<CardModal state={{ state: 'ready', answer: { card } }} onClose={onClose} />)
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByTestId('card-modal-close'))
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('keeps the focus inside: it starts in the dialog', async () => {
    renderWidget(<CardModal state={{ state: 'ready', answer: { card } }} onClose={() => {}} />)
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true))
  })

  it('says the task is unavailable when the answer is an error', () => {
    renderWidget(
      <CardModal state={{ state: 'ready', answer: { error: 'tasks.task_not_found' } }} onClose={() => {}} />,
    )
    expect(screen.getByTestId('card-modal-error').textContent).toBeTruthy()
    expect(screen.queryByTestId('card-modal-open')).toBeNull()
  })
})

describe('card link', () => {
  const task = { id: card.id, key: 'DEV-7', process_key: 'DEV' }
  it('is a plain link to the card where no board provides the modal', () => {
    renderWidget(
      <CardLink widgetId="w1" task={task}>
        DEV-7
      </CardLink>,
    )
    const link = screen.getByRole('link', { name: 'DEV-7' })
    expect(link.getAttribute('href')).toBe('/lk/t/DEV/DEV-7')
    expect(fireEvent.click(link)).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens the modal on a plain click inside the board, and keeps a modified click a link', async () => {
    renderWidget(
      <CardModalProvider>
        <CardLink widgetId="w1" task={task}>
          DEV-7
        </CardLink>
      </CardModalProvider>,
    )
    const link = screen.getByRole('link', { name: 'DEV-7' })
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(fireEvent.click(link)).toBe(false)
    expect(await screen.findByRole('dialog')).toBeTruthy()
  })
})
