import QRCode from 'qrcode'

/**
 * The dark modules of a QR code as one SVG path, drawn synchronously (QRCode.create), so the
 * server renders the same picture the browser does and no canvas is needed. Error correction M
 * (spec §9). Empty text draws nothing (spec §5: a QR code needs non-empty text).
 */
export function qrPath(text: string): { size: number; path: string } | null {
  if (text.trim() === '') return null
  let modules: { size: number; data: Uint8Array }
  try {
    modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules
  } catch {
    return null // more text than a QR code holds
  }
  const { size, data } = modules
  let path = ''
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (data[y * size + x]) path += `M${x} ${y}h1v1h-1z`
  return { size, path }
}
