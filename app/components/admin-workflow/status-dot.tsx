/** A status's colour (spec §2: the tasks table's status cell has a coloured dot). */
export function StatusDot({ color }: { color: string }) {
  return <span className="status-dot" style={{ backgroundColor: color }} aria-hidden="true" />
}

/** A status by name with its dot. */
export function StatusName({ name, color }: { name: string; color: string }) {
  return (
    <span className="status-name">
      <StatusDot color={color} />
      {name}
    </span>
  )
}
