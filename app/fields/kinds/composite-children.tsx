import type { FieldDefinition } from '@domain/fields/types'
import { getFieldComponent } from '../registry'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { groupOf } from '../values'

/** A child's width in the 12-column grid (spec §3: grid, default 12). */
export const gridOf = (def: FieldDefinition) => {
  const g = def.settings.grid
  return typeof g === 'number' && g >= 1 && g <= 12 ? Math.round(g) : 12
}

/**
 * The child fields of a composite (json with structure, address), each rendered by its own type's
 * component under `prefix.child`, in a 12-column grid, with its own errors and the parent's flags.
 */
export function CompositeChildren({
  parent,
  fields,
  prefix,
  value,
  errors,
}: {
  parent: FieldProps
  fields: readonly FieldDefinition[]
  prefix: string
  value: unknown
  errors?: Readonly<Record<string, readonly string[]>>
}) {
  const { t } = useFieldsT()
  const group = groupOf(value)
  return (
    <div className="ff-grid">
      {fields
        .filter((child) => child.settings.visible !== false)
        .map((child) => {
          const Child = getFieldComponent(child.type)
          const childId = `${parent.id}-${prefix.replace(/\W/g, '-')}-${child.name}`
          return (
            <div key={child.name} className="ff-cell-span" style={{ gridColumn: `span ${gridOf(child)}` }}>
              <Child
                def={child}
                name={`${prefix}.${child.name}`}
                id={childId}
                label={t(child.title)}
                defaultValue={group[child.name]}
                errors={errors?.[child.name]}
                disabled={parent.disabled}
                // The group shows that it is loading; its parts only stop taking input.
                readonly={parent.readonly || parent.loading}
                clearable={parent.clearable}
              />
            </div>
          )
        })}
    </div>
  )
}
