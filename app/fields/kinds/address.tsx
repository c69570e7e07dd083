import { DEFAULT_ADDRESS_STRUCTURE } from '@domain/fields/kinds/composites'
import { FieldFrame } from '../field-frame'
import type { FieldProps } from '../types'
import { groupOf, textOf } from '../values'
import { CompositeChildren } from './composite-children'

/**
 * address: its parts (the definition's structure, or postcode…flat) as fields of their own types,
 * posted as `name.part`; map coordinates, when the value has them, are kept but never shown
 * (spec §3).
 */
export function AddressField(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const parts = def.structure?.length ? def.structure : DEFAULT_ADDRESS_STRUCTURE
  const value = groupOf(props.defaultValue)
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def} group>
      {(['lat', 'lon'] as const).map((k) =>
        textOf(value[k]) ? (
          <input key={k} type="hidden" name={`${name}.${k}`} value={textOf(value[k])} />
        ) : null,
      )}
      <CompositeChildren
        parent={props}
        fields={parts}
        prefix={name}
        value={value}
        errors={props.childErrors}
      />
    </FieldFrame>
  )
}
