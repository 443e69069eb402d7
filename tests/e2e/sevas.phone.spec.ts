import type { APIRequestContext } from '@playwright/test'
import { addDays, bookingWindow } from '../../contracts/seva-text.ts'
import { createAdminWithCli, pngFile, type Staff, signInAsStaff } from './admin-helpers.ts'
import { type Customer, expect, horizontalOverflow, hydrated, test } from './fixtures.ts'

/**
 * Seva bookings on a phone (decision 102): a devotee books and pays; staff add a photo, and mark it performed only
 * on its day (the day itself is tested in tests/api/sevas.test.ts, whose clock can move).
 */

let staff: Staff
let staffToken: string

test.beforeAll(async ({ request }) => {
  staff = await createAdminWithCli('seva-staff')
  const login = await request.post('/api/v1/user/login', {
    data: { email: staff.email, password: staff.password },
  })
  staffToken = (await login.json()).data.accessToken
})

/** A seva of the first demo temple, offered every day, added the way the console's form sends it. */
async function addSeva(request: APIRequestContext, name: string) {
  const headers = { authorization: `Bearer ${staffToken}` }
  const temples = (await (await request.get('/api/v1/admin/temples', { headers })).json()).data
  const temple = temples[0]
  const res = await request.post('/api/v1/admin/sevas', {
    headers,
    data: {
      templeId: temple.id,
      name,
      description: 'Abhishek of the Jyotirlinga with milk and Ganga water.',
      price: 1100,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      dailyLimit: 5,
      active: true,
      cancelHours: 48,
      policy: '',
    },
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return { seva: (await res.json()).data as { id: string; name: string }, temple }
}

/** Books and pays through the API as the booking page does. */
async function bookAndPay(request: APIRequestContext, devotee: Customer, sevaId: string, date: string) {
  const headers = { authorization: `Bearer ${devotee.accessToken}` }
  const booked = await request.post('/api/v1/seva-bookings', {
    headers,
    data: { sevaId, date, devoteeName: devotee.fullName, acceptPolicy: true },
  })
  expect(booked.ok(), await booked.text()).toBeTruthy()
  const booking = (await booked.json()).data
  const session = await (
    await request.post('/api/v1/payments/payable/create', {
      headers,
      data: { purpose: 'booking', payableId: booking._id },
    })
  ).json()
  const paid = await (
    await request.post('/api/v1/payments/sandbox/pay', { headers, data: { razorpay_order_id: session.id } })
  ).json()
  const verified = await request.post('/api/v1/payments/payable/verify', {
    headers,
    data: { purpose: 'booking', payableId: booking._id, ...paid },
  })
  expect(verified.ok(), await verified.text()).toBeTruthy()
  return booking as { _id: string; bookingNumber: string }
}

test('a devotee books a seva for a day, accepts the policy, pays in the sandbox and sees the booking number', async ({
  signedInPage: page,
  request,
}) => {
  const { seva, temple } = await addSeva(request, `Rudrabhishek ${Date.now().toString(36)}`)
  await page.goto(`/templedetails?temple=${temple.slug}`)
  const list = page.getByTestId('seva-list')
  await expect(list.getByRole('heading', { name: seva.name })).toBeVisible()
  await hydrated(page)
  await list.getByRole('link', { name: `Book ${seva.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/seva/${seva.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: seva.name })).toBeVisible()
  await hydrated(page)

  const day = addDays(bookingWindow().first, 3)
  await page.getByLabel('Day of the seva').selectOption(day)
  await page.getByLabel('Devotee’s name').fill('Asha Verma')
  await page.getByLabel('Gotra (optional)').fill('Kashyap')
  await page.getByLabel('Nakshatra (optional)').selectOption('Rohini')
  // The policy is on screen before payment and must be accepted.
  const policy = page.getByTestId('cancellation-policy')
  await expect(policy).toContainText('48 hours before the day of the seva')
  await page.getByRole('button', { name: /Book and pay ₹1,100/ }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Please read and accept the cancellation policy before you pay.',
  )
  await policy.getByRole('checkbox').check()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.getByRole('button', { name: /Book and pay ₹1,100/ }).click()

  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: /^Pay ₹1,100/ }).click()

  await expect(page).toHaveURL(/\/seva-bookings\/[0-9a-f]{24}\?paid=1$/, { timeout: 15_000 })
  const confirmation = page.getByTestId('booking-confirmation')
  await expect(confirmation).toContainText('Thank you! Your seva is booked.')
  await expect(confirmation).toContainText(/Your booking number is SEVA-\d{4}-\d{6}\./)
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmed')
  await expect(page.getByText('Kashyap')).toBeVisible()
  await expect(page.getByText('Rohini')).toBeVisible()
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

  // It is listed under My Sevas.
  await page.goto('/seva-bookings')
  await expect(page.getByTestId('booking-list')).toContainText(seva.name)
})

test('staff add a photo to a paid booking before its day, and cannot mark it performed until the day comes', async ({
  browser,
  signedInPage: devoteePage,
  customer,
  request,
}) => {
  const { seva } = await addSeva(request, `Maha Aarti ${Date.now().toString(36)}`)
  const day = addDays(bookingWindow().first, 1)
  const booking = await bookAndPay(request, customer, seva.id, day)

  const staffContext = await browser.newContext({ ...test.info().project.use })
  const page = await staffContext.newPage()
  await signInAsStaff(page, staff)
  await page.goto(`/admin/bookings?date=${day}`)
  await hydrated(page)
  const card = page.getByTestId('booking-card').filter({ hasText: booking.bookingNumber })
  await expect(card).toContainText(customer.fullName)
  await card.getByLabel('Add a photo').setInputFiles(await pngFile('seva.png', { r: 200, g: 120, b: 40 }))
  await expect(
    page.getByText(/Photo added: the devotee sees it on their booking once you mark it performed/),
  ).toBeVisible()
  await expect(card.getByRole('img')).toBeVisible()
  // The seva is two days away: the console says from when it can be marked performed, and offers no button.
  await expect(card.getByTestId('performed-from')).toContainText('Can be marked performed from')
  await expect(card.getByRole('button', { name: 'Mark performed' })).toHaveCount(0)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await staffContext.close()

  // The devotee is not told it is done.
  await devoteePage.goto(`/seva-bookings/${booking._id}`)
  await expect(devoteePage.getByTestId('booking-status')).toHaveText('Confirmed')
  await expect(devoteePage.getByText('Your seva has been performed')).toHaveCount(0)
})
