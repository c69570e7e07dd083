/** Two letters of a name: "Petrov Ivan" → "PI", "admin@example.com" → "AD". */
export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean)
  const letters = parts.length >= 2 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

export function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initials(name)}
    </span>
  )
}
