import { useTranslation } from 'react-i18next'
import { Alert } from '../ui/alert'

/** What a form's answer said about the form as a whole (catalogue codes), as one warning above it. */
export function FormErrors({ errors, id }: { errors: string[] | undefined; id?: string }) {
  const { t } = useTranslation()
  if (!errors || errors.length === 0) return null
  return (
    <Alert type={errors.includes('server.error') ? 'danger' : 'warning'} id={id}>
      {errors.map((code) => t(code)).join(' ')}
    </Alert>
  )
}
