import type { FieldType } from '@domain/fields/types'
import { getFieldComponent } from '../registry'
import type { FieldFlags } from '../types'
import { useFieldsT } from '../use-fields-t'
import { fakeUpload } from './fake-upload'
import {
  GALLERY_STATES,
  GALLERY_TYPES,
  type GalleryState,
  SAMPLE_ERRORS,
  SAMPLE_VALUES,
  sampleDefinition,
} from './samples'

/** What each state sets: flags, and whether the sample value is filled in. */
const STATE: Record<GalleryState, FieldFlags & { value?: boolean; errors?: boolean }> = {
  normal: {},
  value: { value: true },
  disabled: { disabled: true, value: true },
  readonly: { readonly: true, value: true },
  loading: { loading: true, value: true },
  clearable: { clearable: true, value: true },
  errors: { errors: true, value: true },
}

function TypeCard({ type }: { type: FieldType }) {
  const { t } = useFieldsT()
  const def = sampleDefinition(type)
  const Component = getFieldComponent(type)
  return (
    <section className="fg-type" data-type={type} aria-labelledby={`fg-${type}`}>
      <h2 className="fg-type-title" id={`fg-${type}`}>
        {t(`fields.type.${type}`)} <code>{type}</code>
      </h2>
      <div className="fg-states">
        {GALLERY_STATES.map((state) => {
          const { value, errors, ...flags } = STATE[state]
          return (
            <div key={state} className="fg-state" data-state={state}>
              <Component
                def={def}
                name={`g_${type}_${state}`}
                id={`g-${type}-${state}`}
                label={t(`fields.gallery.state.${state}`)}
                defaultValue={value ? SAMPLE_VALUES[type] : undefined}
                errors={errors ? (SAMPLE_ERRORS[type] ?? ['validation.required']) : undefined}
                placeholder={type === 'text' ? t('fields.gallery.placeholder') : undefined}
                upload={fakeUpload}
                {...flags}
              />
            </div>
          )
        })}
      </div>
    </section>
  )
}

/** Every field type in every state (spec §4 flags): what the browser tests and people look at. */
export function FieldGallery() {
  return (
    <div className="fg-types">
      {GALLERY_TYPES.map((type) => (
        <TypeCard key={type} type={type} />
      ))}
    </div>
  )
}
