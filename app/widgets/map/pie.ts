import type { Mix } from '@domain/widgets/map-mix'

/*
 * A cluster's picture (issue 12: the count and the mix of its tasks' statuses in their colours),
 * drawn on a canvas once per distinct picture and handed to the map as an image (map.addImage), so
 * a cluster is one symbol on the map's canvas, never a DOM node. The mix is rounded to PIE_PARTS
 * parts and the count abbreviated, which bounds how many distinct pictures a map ever draws.
 */

export const PIE_PARTS = 24

/** The count as a cluster shows it: 999, 1.2k, 12k, 1.2M. */
export function shortCount(n: number): string {
  if (n < 1000) return String(n)
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toString()}k`
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k`
  return `${(Math.floor(n / 100_000) / 10).toString()}M`
}

/**
 * The mix in PIE_PARTS parts (largest remainders: the parts add up to PIE_PARTS and a status with
 * any task keeps at least one part while there are parts to give), as [status index, parts].
 */
export function pieSlices(mix: Mix): [number, number][] {
  const total = mix.reduce((a, b) => a + b, 0)
  if (total === 0) return []
  const present = mix.map((n, i) => [i, n] as const).filter(([, n]) => n > 0)
  const exact = present.map(([i, n]) => [i, (n / total) * PIE_PARTS] as const)
  const parts = exact.map(([i, x]) => [i, Math.max(1, Math.floor(x))] as [number, number])
  let left = PIE_PARTS - parts.reduce((a, [, p]) => a + p, 0)
  const byRemainder = exact.map(([, x], k) => [k, x - Math.floor(x)] as const).sort((a, b) => b[1] - a[1])
  for (let r = 0; left > 0; r = (r + 1) % byRemainder.length, left--) parts[byRemainder[r]![0]]![1] += 1
  // Too many small statuses for the parts: the smallest give theirs back.
  while (left < 0) {
    const k = parts.reduce((best, p, j) => (p[1] > 1 && (best < 0 || p[1] < parts[best]![1]) ? j : best), -1)
    if (k < 0) break
    parts[k]![1] -= 1
    left++
  }
  return parts
}

/** A slice as drawn: its colour and its parts of PIE_PARTS. */
export type Slice = [color: string, parts: number]

/** The image's name: one per distinct picture (colours, not indexes: each answer has its own palette). */
export const pieId = (count: number, slices: readonly Slice[]) =>
  `pie:${shortCount(count)}:${slices.map(([c, p]) => `${encodeURIComponent(c)}*${p}`).join('|')}`

/** Reads a pie's name back (the map asks for a missing image by its name); null if not a pie's. */
export function parsePieId(id: string): { label: string; slices: Slice[] } | null {
  const m = /^pie:([^:]+):(.*)$/.exec(id)
  if (!m) return null
  const slices: Slice[] = []
  for (const part of m[2] ? m[2].split('|') : []) {
    const [color, parts] = part.split('*')
    const n = Number(parts)
    if (!color || !Number.isInteger(n) || n < 1 || n > PIE_PARTS) return null
    slices.push([decodeURIComponent(color), n])
  }
  return { label: m[1]!, slices }
}

/** The picture's diameter in CSS px: bigger clusters are bigger, within reason. */
export const pieSize = (label: string) => 30 + Math.min(4, label.length) * 4

export interface PieColors {
  /** No status (or a status gone): the whole ring. */
  none: string
  /** The inner disc and the text on it. */
  fill: string
  text: string
}

/** Draws a pie: a ring of the statuses' colours around a disc with the count. */
export function drawPie(
  label: string,
  slices: readonly Slice[],
  colors: PieColors,
  ratio: number,
): ImageData | null {
  const size = pieSize(label)
  const px = Math.ceil(size * ratio)
  const canvas = document.createElement('canvas')
  canvas.width = px
  canvas.height = px
  // A canvas in the page's memory, not the GPU's: the picture is read back at once (getImageData),
  // which on a GPU-backed canvas waits for the GPU process every time (~15 ms a pie with a software
  // GPU, all of a frame's new pies in one task: bench/RESULTS.md, map).
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  if (!ctx) return null
  ctx.scale(ratio, ratio)
  const c = size / 2
  let angle = -Math.PI / 2
  const ring: readonly Slice[] = slices.length ? slices : [[colors.none, PIE_PARTS]]
  for (const [color, parts] of ring) {
    const end = angle + (parts / PIE_PARTS) * Math.PI * 2
    ctx.beginPath()
    ctx.moveTo(c, c)
    ctx.arc(c, c, c, angle, end)
    ctx.closePath()
    ctx.fillStyle = color
    ctx.fill()
    angle = end
  }
  ctx.beginPath()
  ctx.arc(c, c, c - 6, 0, Math.PI * 2)
  ctx.fillStyle = colors.fill
  ctx.fill()
  ctx.fillStyle = colors.text
  ctx.font = `600 ${label.length > 3 ? 11 : 12}px system-ui, sans-serif`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText(label, c, c + 0.5)
  return ctx.getImageData(0, 0, px, px)
}
