import { createListedProduct } from './catalogue-helpers.ts'
import { expect, test } from './fixtures.ts'
import { addProfile, setProvenance, staffWithToken, stamp, stateId } from './provenance-helpers.ts'

test('on a phone, a state page leads to its craft cluster, its artisan and their work', async ({
  page,
  request,
}) => {
  const { token } = await staffWithToken(request)
  const product = await createListedProduct(request)
  const state = await stateId(request, token, 'Gujarat')
  const tag = stamp()
  const cluster = await addProfile(request, token, 'clusters', {
    name: `Kutch Weavers ${tag}`,
    craft: 'Handloom weaving',
    village: 'Bhujodi',
    district: 'Kutch',
    stateId: state,
  })
  const artisan = await addProfile(request, token, 'artisans', {
    name: `Meena Ben ${tag}`,
    craft: 'Handloom weaving',
    village: 'Bhujodi',
    district: 'Kutch',
    stateId: state,
    clusterId: cluster.id,
  })
  await setProvenance(request, token, product._id, { makerIds: [artisan.id], handloomMark: 'HLM 9001' })

  await page.goto('/StateProduct/Gujarat')
  const row = page.getByTestId('state-clusters')
  await expect(row.getByRole('heading', { name: 'Craft clusters in Gujarat' })).toBeVisible()
  await row.getByRole('link', { name: new RegExp(cluster.name) }).click()
  await expect(page).toHaveURL(new RegExp(`/cluster/${cluster.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name: cluster.name })).toBeVisible()
  await page
    .getByTestId('cluster-artisans')
    .getByRole('link', { name: new RegExp(artisan.name) })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: artisan.name })).toBeVisible()
  await page.getByTestId('profile-products').getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/Productdetails/${product._id}$`))

  // The badge opens by a tap and says what the mark certifies.
  const mark = page.getByTestId('mark-handloom')
  await expect(mark).toContainText('HLM 9001')
  await mark.locator('summary').tap()
  await expect(mark.getByText(/woven on a handloom/)).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(412)
})
