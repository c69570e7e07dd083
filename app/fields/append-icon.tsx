import { type AppendIcon as AppendIconName, appendIconOf } from '@domain/forms/append-icon'
import type { ComponentType, SVGProps } from 'react'
import {
  BellIcon,
  FlagIcon,
  HomeIcon,
  LinkIcon,
  LockIcon,
  SearchIcon,
  UserIcon,
  UsersIcon,
} from '~/components/ui/icons'
import { CalendarIcon, ClockIcon, MailIcon, PhoneIcon } from './icons'
import type { FieldProps } from './types'

/** Every icon a form may name (domain APPEND_ICONS): a name missing here fails the type check. */
const ICONS: Record<AppendIconName, ComponentType<SVGProps<SVGSVGElement>>> = {
  calendar: CalendarIcon,
  clock: ClockIcon,
  search: SearchIcon,
  user: UserIcon,
  users: UsersIcon,
  mail: MailIcon,
  phone: PhoneIcon,
  link: LinkIcon,
  lock: LockIcon,
  flag: FlagIcon,
  bell: BellIcon,
  home: HomeIcon,
}

/** The icon this field shows after its control (spec §3 appendIcon), or null. */
export const appendIconFor = (props: Pick<FieldProps, 'def' | 'appendIcon'>) =>
  appendIconOf(props.def.type, props.appendIcon)

/** Draws a named icon (decorative: the control's label says what the field is). */
export function AppendIcon({ name, className }: { name: AppendIconName; className?: string }) {
  const Icon = ICONS[name]
  return <Icon className={className} data-icon={name} aria-hidden="true" />
}
