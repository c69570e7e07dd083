// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderField } from '../testing/render'
import type { FileRef } from '../types'

describe('file', () => {
  it('shows a pending upload as a loading entry until it ends', async () => {
    let finish: (ref: FileRef) => void = () => {}
    const upload = () => new Promise<FileRef>((resolve) => (finish = resolve))
    renderField('file', { upload, settings: { multiple: true } })
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    const file = new File(['x'], 'a.txt', { type: 'text/plain' })
    fireEvent.change(input, { target: { files: [file] } })
    expect(screen.getAllByTestId('file-pending')).toHaveLength(1)
    await act(async () => finish({ url: '/files/a.txt', name: 'a.txt' }))
    expect(screen.queryByTestId('file-pending')).toBeNull()
    expect(screen.getByRole('link', { name: 'a.txt' })).toBeTruthy()
    expect((document.querySelector('input[name="cf_field[0].url"]') as HTMLInputElement).value).toBe(
      '/files/a.txt',
    )
  })
})
