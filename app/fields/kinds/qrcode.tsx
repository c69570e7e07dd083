import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { qrPath } from './qr-matrix'
import { TextInput } from './text-input'

/** The quiet zone around the code, in modules (the standard asks for 4). */
const QUIET = 4

/** A QR code of `text`: black on white (spec §9), or a placeholder without text. */
export function QrImage({ text }: { text: string }) {
  const { t } = useFieldsT()
  const qr = qrPath(text)
  if (!qr)
    return (
      <div className="ff-qr ff-qr-empty" data-testid="qr-placeholder">
        {t('fields.qrcode.empty')}
      </div>
    )
  const box = qr.size + QUIET * 2
  return (
    <svg
      className="ff-qr"
      viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`}
      role="img"
      aria-label={t('fields.qrcode.image', { text })}
      shapeRendering="crispEdges"
      data-testid="qr-image"
    >
      <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#ffffff" />
      <path d={qr.path} fill="#000000" />
    </svg>
  )
}

/** qrcode: the text to encode, and its code under it, redrawn as the text changes. */
export function QrCodeField(props: FieldProps) {
  return <TextInput {...props} input={{ below: (value) => <QrImage text={value} /> }} />
}
