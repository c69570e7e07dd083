import type { SVGProps } from 'react'
import {
  BellIcon,
  DotIcon,
  FieldIcon,
  FlagIcon,
  FormIcon,
  HomeIcon,
  LayoutIcon,
  PaletteIcon,
  PlugIcon,
  ProgressIcon,
  SearchIcon,
  SettingsIcon,
  StoreIcon,
  TaskIcon,
  TeamIcon,
  UserIcon,
  UsersIcon,
  WidgetIcon,
  WorkflowIcon,
} from '../ui/icons'

/** Icon names a menu entry may carry (the app's own, and what a node's menu may name). */
const ICONS: Record<string, (p: SVGProps<SVGSVGElement>) => JSX.Element> = {
  home: HomeIcon,
  users: UsersIcon,
  user: UserIcon,
  profile: UserIcon,
  palette: PaletteIcon,
  flag: FlagIcon,
  progress: ProgressIcon,
  workflow: WorkflowIcon,
  team: TeamIcon,
  form: FormIcon,
  field: FieldIcon,
  layout: LayoutIcon,
  board: LayoutIcon,
  dashboard: LayoutIcon,
  widget: WidgetIcon,
  chart: WidgetIcon,
  plug: PlugIcon,
  store: StoreIcon,
  settings: SettingsIcon,
  bell: BellIcon,
  task: TaskIcon,
  search: SearchIcon,
}

/** The entry's icon; an unknown or missing name gets a dot, so minimised entries stay aligned. */
export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name.toLowerCase()]) || DotIcon
  return <Icon className="menu-icon" width={16} height={16} />
}
