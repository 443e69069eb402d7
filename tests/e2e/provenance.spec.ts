import { signInAsStaff } from './admin-helpers.ts'
import { createListedProduct } from './catalogue-helpers.ts'
import { expect, hydrated, test } from './fixtures.ts'
import { addProfile, setProvenance, staffWithToken, stamp, stateId } from './provenance-helpers.ts'

test('a product names its maker, whose page lists their products, and shows its GI tag with its number', async ({
  page,
  request,
}) => {
  const { token } = await staffWithToken(request)
  const product = await createListedProduct(request)
  const name = `Kamla Devi ${stamp()}`
  const artisan = await addProfile(request, token, 'artisans', {
    name,
    craft: 'Madhubani painting',
    village: 'Madhubani',
    district: 'Madhubani',
    stateId: await stateId(request, token, 'Bihar'),
    story: '<p>Paints with a bamboo nib.</p>',
  })
  await setProvenance(request, token, product._id, {
    makerIds: [artisan.id],
    giName: 'Madhubani Paintings',
    giAuthorisedUser: 'AU-TEST-77',
  })

  await page.goto(`/Productdetails/${product._id}`)
  const madeBy = page.getByTestId('made-by')
  await expect(madeBy).toContainText(`Made by ${name}`)
  const gi = page.getByTestId('mark-gi')
  await expect(gi).toContainText('GI tag: Madhubani Paintings')
  await expect(gi).toContainText('AU-TEST-77')
  await gi.locator('summary').click()
  await expect(gi.getByText(/Geographical Indication/)).toBeVisible()

  await madeBy.getByRole('link', { name }).click()
  await expect(page).toHaveURL(new RegExp(`/artisan/${artisan.slug}$`))
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByTestId('profile-place')).toHaveText('Madhubani, Madhubani district, Bihar')
  await expect(page.getByRole('heading', { name: `Products by ${name}` })).toBeVisible()
  await expect(page.getByTestId('profile-products').getByText(product.title.slice(0, 30))).toBeVisible()
})

test('staff add an artisan with a photo and name them as a product’s maker in the console', async ({
  page,
  request,
}) => {
  const { staff } = await staffWithToken(request)
  const product = await createListedProduct(request)
  const name = `Ravi Prasad ${stamp()}`
  await signInAsStaff(page, staff)

  await page.goto('/admin/artisans')
  await hydrated(page)
  await page.getByRole('button', { name: '+ Add artisan' }).click()
  const form = page.getByRole('region', { name: 'New artisan' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Craft', { exact: true }).fill('Terracotta')
  await form.getByLabel('Village or town').fill('Bankura')
  await form.getByLabel('District').fill('Bankura')
  await form.getByLabel('State', { exact: true }).selectOption({ label: 'West Bengal' })
  await form.getByLabel(/^Photos/).setInputFiles({
    name: 'potter.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
      'base64',
    ),
  })
  await expect(form.getByRole('img', { name: 'No. 1' })).toBeVisible()
  await form.getByRole('button', { name: 'Add artisan' }).click()
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()

  await page.goto(`/admin/products/${product._id}`)
  await hydrated(page)
  const makers = page.getByRole('region', { name: 'Makers and authenticity marks' })
  await makers.getByLabel('Add a maker').selectOption({ label: `${name} (Bankura)` })
  await makers.getByLabel('Silk Mark number').fill('SM 4455')
  await makers.getByLabel('GI tag: registered name of the GI').fill('Bankura Panchmura Horse')
  await makers.getByRole('button', { name: 'Save makers and marks' }).click()
  await expect(makers.getByText(/authorised-user number of the GI tag/)).toBeVisible()
  await makers.getByLabel('GI tag: registered name of the GI').fill('')
  await makers.getByRole('button', { name: 'Save makers and marks' }).click()
  await expect(page.getByText('Makers and marks saved')).toBeVisible()

  await page.goto(`/Productdetails/${product._id}`)
  await expect(page.getByTestId('made-by').getByRole('link', { name })).toBeVisible()
  await expect(page.getByTestId('mark-silk')).toContainText('SM 4455')
  await expect(page.getByTestId('mark-gi')).toHaveCount(0)
})
