import type { FileRef } from '../types'

/** The gallery's uploader: nothing leaves the browser; the file becomes a local link after a pause. */
export function fakeUpload(file: File): Promise<FileRef> {
  return new Promise((resolve) =>
    setTimeout(
      () => resolve({ url: URL.createObjectURL(file), name: file.name, size: file.size, type: file.type }),
      1500,
    ),
  )
}
