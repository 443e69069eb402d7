import { describe, expect, it } from 'vitest'
import { areaOfPath, navFor } from '../../contracts/admin-nav.ts'
import { isCacheablePage } from './page-cache.ts'

describe('provenance pages (decision 098)', () => {
  it('keeps artisans’ and clusters’ pages in the public page cache', () => {
    expect(isCacheablePage('/artisan/asha-devi')).toBe(true)
    expect(isCacheablePage('/cluster/madhubani-painters')).toBe(true)
    expect(isCacheablePage('/artisans-secret')).toBe(false)
  })

  it('puts the Artisans and Craft clusters screens in the catalogue part of the console', () => {
    expect(areaOfPath('/admin/artisans')).toBe('catalogue')
    expect(areaOfPath('/admin/clusters.data')).toBe('catalogue')
    expect(navFor('catalogue').map((n) => n.label)).toEqual(
      expect.arrayContaining(['Artisans', 'Craft clusters']),
    )
    expect(navFor('orders').map((n) => n.label)).not.toContain('Artisans')
  })
})
