import { checkbox, switchKind } from './booleans'
import { radio, select } from './choices'
import { address, json } from './composites'
import { date, datetime, month, quarter, time, year } from './dates'
import { editor } from './editor'
import { file } from './file'
import { number, progress } from './numbers'
import { phone } from './phone'
import { daterange, multidate, timerange, week } from './ranges'
import { code, email, password, qrcode, text, textarea, textCopy } from './text'

/**
 * Every field type, the one place a new type is added (its entry file, then one name here). The
 * registry and the FieldType union both read this list.
 */
export const kinds = [
  text,
  textarea,
  textCopy,
  email,
  password,
  qrcode,
  code,
  editor,
  number,
  progress,
  phone,
  checkbox,
  switchKind,
  select,
  radio,
  file,
  date,
  time,
  datetime,
  month,
  year,
  quarter,
  week,
  daterange,
  timerange,
  multidate,
  json,
  address,
] as const
