/*
 * Formula injection (CSV injection): a spreadsheet runs a cell that starts with = + - @ (or a tab
 * or carriage return before one) as a formula. Such cells are written with a leading apostrophe,
 * which spreadsheets show as text; an import takes that apostrophe off again, so a round trip
 * gives back what was exported.
 */

const RISKY = /^[=+\-@\t\r]/

export const neutralise = (cell: string): string => (RISKY.test(cell) ? `'${cell}` : cell)

export const restore = (cell: string): string =>
  cell.startsWith("'") && RISKY.test(cell.slice(1)) ? cell.slice(1) : cell
