import type { SVGProps } from 'react'

import { Svg } from '../ui/icons'

/** The editor's small stroke icons, drawn on the house base (ui/icons.tsx). */
export { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../ui/icons'

export const IndentIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M4 5h16M11 10h9M11 14h9M4 19h16M4 9.5 7 12l-3 2.5" />
  </Svg>
)

export const OutdentIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M4 5h16M11 10h9M11 14h9M4 19h16M7 9.5 4 12l3 2.5" />
  </Svg>
)

export const SubItemIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M6 4v9a3 3 0 0 0 3 3h9M15 13l3 3-3 3" />
  </Svg>
)

export const ImageIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="m20.5 16-5-5-9 8.5" />
  </Svg>
)

export const UploadIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="M12 16V4M7 9l5-5 5 5M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </Svg>
)

export const ChevronDownIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
)

export const CheckIcon = (p: SVGProps<SVGSVGElement>) => (
  <Svg {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
)
