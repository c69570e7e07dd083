import { describe, expect, it } from 'vitest'
import { mapTileOrigins } from './origins'

describe('mapTileOrigins', () => {
  it("names each map widget's tile service origin once; other widgets and the offline basemap none", () => {
    const origins = mapTileOrigins([
      {
        type: 'map',
        settings: { view: { style_url: 'https://api.maptiler.com/maps/streets/style.json?key={key}' } },
      },
      { type: 'map', settings: { 'view.style_url': 'https://api.maptiler.com/maps/basic/style.json' } },
      { type: 'map', settings: { view: { style_url: '' } } },
      { type: 'map', settings: { view: { style_url: 'javascript:alert(1)' } } },
      { type: 'table', settings: { view: { style_url: 'https://evil.example/x' } } },
    ])
    expect(origins).toEqual(['https://api.maptiler.com'])
  })
})
