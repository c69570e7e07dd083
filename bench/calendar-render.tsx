// Issue 11: the calendar widget's server render on its own (renderToString, one month of dots and
// a day of 10 tasks), the part of /lk's SSR the profile blamed. `npx tsx bench/calendar-render.tsx`
// → ms per render (median of 5 rounds of 300), with the machine's load.
import { loadavg } from 'node:os'
import { createInstance } from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { StaticRouter } from 'react-router-dom/server'
import { CalendarWidget } from '../app/widgets/calendar/calendar-widget'
import en from '../public/locales/en/common.json'

const i18n = createInstance()
await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common: en } }, defaultNS: 'common' })

const task = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  key: `TASK-${n}`,
  process_key: 'TASK',
  title: `Task ${n}`,
  status: { id: '00000000-0000-4000-8000-00000000000a', name: 'Done', color: '#4cb782' },
  values: [
    { name: 'key', type: 'text', title: 'fields.system.key', value: `TASK-${n}` },
    { name: 'title', type: 'text', title: 'fields.system.title', value: `Task ${n}` },
    { name: 'status', type: 'select', title: 'fields.system.status', value: 'Done' },
  ],
})
const days: Record<string, number> = {}
for (let d = 1; d <= 30; d += 2) days[`2026-11-${String(d).padStart(2, '0')}`] = d
const data = {
  field: 'created_at',
  month: '2026-11',
  day: '2026-11-10',
  days,
  tasks: Array.from({ length: 10 }, (_, i) => task(i + 1)),
  total: 12,
  page: 1,
  per_page: 50,
  fields: [],
  delimiter: '·',
}

const render = () =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouter location="/lk">
        <CalendarWidget
          widget={{ id: 'c1', type: 'calendar', title: 'Deadlines' }}
          data={data}
          search={new URLSearchParams()}
        />
      </StaticRouter>
    </I18nextProvider>,
  )

for (let i = 0; i < 200; i++) render()
const rounds: number[] = []
for (let r = 0; r < 5; r++) {
  const t0 = performance.now()
  for (let i = 0; i < 300; i++) render()
  rounds.push((performance.now() - t0) / 300)
}
rounds.sort((a, b) => a - b)
console.log(
  JSON.stringify({
    msPerRender: Math.round(rounds[2] * 1000) / 1000,
    min: Math.round(rounds[0] * 1000) / 1000,
    htmlBytes: render().length,
    load: loadavg()[0],
  }),
)
