/** Two letters of a name: "Petrov Ivan" → "PI", "admin@example.com" → "AD". */
export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean)
  const letters = parts.length >= 2 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

/**
 * A person's picture (spec §3 user.logo, already passed through logoHref), or their initials when
 * they have none. The picture has its size fixed (no shift when it arrives) and the person's name
 * as its text; the initials are decoration, the name is always written beside them.
 */
export function Avatar({
  name,
  logo,
  size = 26,
  className,
  testId,
}: {
  name: string
  logo?: string | null
  /** Its side in pixels: the CSS class draws the same size. */
  size?: number
  className?: string
  testId?: string
}) {
  const cls = className ? `avatar ${className}` : 'avatar'
  return logo ? (
    <img
      className={`${cls} avatar-picture`}
      src={logo}
      alt={name}
      width={size}
      height={size}
      decoding="async"
      data-testid={testId}
    />
  ) : (
    <span className={cls} aria-hidden="true" data-testid={testId}>
      {initials(name)}
    </span>
  )
}
