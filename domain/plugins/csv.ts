import type { PluginDefinition } from './types'

/** CSV (PRODUCT.md §7): export of a task query and import with a dry run. */
export const csv: PluginDefinition = {
  id: 'csv',
  name: 'plugins.csv.name',
  description: 'plugins.csv.description',
  version: '1.0.0',
  single: true,
  settings: [
    {
      name: 'delimiter',
      type: 'select',
      title: 'plugins.csv.delimiter',
      settings: {
        required: true,
        default: ',',
        options: [
          { title: 'plugins.csv.comma', value: ',' },
          { title: 'plugins.csv.semicolon', value: ';' },
          { title: 'plugins.csv.tab', value: 'tab' },
        ],
      },
    },
  ],
}
