import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { auditActions } from '../../audit/actions.ts'
import { auditSentence, changedFields, listInWords, recordedName, type SentenceInput } from './sentences.ts'

const say = (input: Partial<SentenceInput> & { action: string; entity: string }) =>
  auditSentence({ before: null, after: null, actor: 'Meera', ...input })

const painting = 'Warli Tarpa Dance Painting'

describe('audit sentences', () => {
  it('a price change names the product and says rupees with Indian grouping', () => {
    expect(
      say({
        action: 'product.update',
        entity: 'product',
        subject: painting,
        before: { title: painting, price: 165000, quantity: 4, updatedAt: '2026-01-01T00:00:00.000Z' },
        after: { title: painting, price: 185000, quantity: 4, updatedAt: '2026-02-01T00:00:00.000Z' },
      }),
    ).toBe(`Meera changed the price of ${painting} from ₹1,650.00 to ₹1,850.00`)
  })

  it('several changed fields are named in words', () => {
    const before = { title: painting, price: 165000, quantity: 4, cutPrice: 200000 }
    const after = { title: painting, price: 185000, quantity: 2, cutPrice: 200000 }
    expect(say({ action: 'product.update', entity: 'product', subject: painting, before, after })).toBe(
      `Meera changed the price and stock of ${painting}`,
    )
    expect(changedFields(before, after)).toEqual(['price', 'quantity'])
    expect(listInWords(['price', 'stock', 'title'])).toBe('price, stock and title')
  })

  it('a temple’s service link and Hindi name are named in words (decision 099)', () => {
    const before = { name: 'Somnath', liveAartiLink: null, translations: {} }
    const after = {
      name: 'Somnath',
      liveAartiLink: 'https://live.example.org',
      translations: { hi: { name: 'सोमनाथ' } },
    }
    expect(say({ action: 'temple.update', entity: 'temple', subject: 'Somnath', before, after })).toBe(
      'Meera changed the Live Aarti link and Hindi texts of the temple Somnath',
    )
  })

  it('products: create, approval, archive, delete and pictures', () => {
    const p = { entity: 'product', subject: painting }
    expect(say({ ...p, action: 'product.create', after: { title: painting, price: 124999900 } })).toBe(
      `Meera added the product ${painting} at ₹12,49,999.00`,
    )
    expect(say({ ...p, action: 'product.approve' })).toBe(
      `Meera approved the product ${painting}, so customers can see it`,
    )
    expect(say({ ...p, action: 'product.unapprove' })).toMatch(/^Meera withdrew the approval of the product/)
    expect(say({ ...p, action: 'product.archive' })).toBe(`Meera archived the product ${painting}`)
    expect(say({ ...p, action: 'product.unarchive' })).toBe(
      `Meera brought the product ${painting} back from the archive`,
    )
    expect(say({ entity: 'product', action: 'product.delete', before: { title: painting } })).toBe(
      `Meera deleted the product ${painting}`,
    )
    expect(say({ ...p, action: 'product.images.add', after: { images: ['a', 'b'] } })).toBe(
      `Meera added 2 pictures to the product ${painting}`,
    )
    expect(say({ ...p, action: 'product.images.remove' })).toBe(
      `Meera removed a picture from the product ${painting}`,
    )
    expect(say({ ...p, action: 'product.images.order' })).toBe(
      `Meera changed the order of the pictures of the product ${painting}`,
    )
  })

  it('bulk changes and CSV imports say how the change was made, with rupees and stock', () => {
    const p = { entity: 'product', subject: painting }
    expect(
      say({
        ...p,
        action: 'product.bulk-update',
        before: { title: painting, price: 165000, cutPrice: 240000 },
        after: { title: painting, price: 185000, cutPrice: 240000 },
      }),
    ).toBe(`Meera changed the price of ${painting} from ₹1,650.00 to ₹1,850.00 in a bulk change`)
    expect(
      say({
        ...p,
        action: 'product.bulk-update',
        before: { title: painting, quantity: 3 },
        after: { title: painting, quantity: 10 },
      }),
    ).toBe(`Meera changed the stock of ${painting} from 3 to 10 in a bulk change`)
    expect(
      say({
        ...p,
        action: 'product.import-update',
        before: { title: painting, price: 165000, quantity: 3, description: '<p>Old</p>' },
        after: { title: painting, price: 185000, quantity: 10, description: '<p>New</p>' },
      }),
    ).toBe(
      `Meera changed ${painting} from a CSV file: the price from ₹1,650.00 to ₹1,850.00, the stock from 3 to 10 and the description`,
    )
    expect(say({ ...p, action: 'product.import-create', after: { title: painting, price: 165000 } })).toBe(
      `Meera added the product ${painting} at ₹1,650.00 from a CSV file`,
    )
  })

  it('the console lists: create, update (one field with values, a rename, long text) and delete', () => {
    expect(say({ action: 'coupon.create', entity: 'coupon', subject: 'DIWALI15' })).toBe(
      'Meera added the coupon DIWALI15',
    )
    expect(
      say({
        action: 'coupon.update',
        entity: 'coupon',
        subject: 'DIWALI15',
        before: { code: 'DIWALI15', discount: 15 },
        after: { code: 'DIWALI15', discount: 20 },
      }),
    ).toBe('Meera changed the discount of the coupon DIWALI15 from 15% to 20%')
    expect(
      say({
        action: 'category.update',
        entity: 'category',
        subject: 'Paintings',
        before: { title: 'Painting' },
        after: { title: 'Paintings' },
      }),
    ).toBe('Meera changed the title of the category Painting from Painting to Paintings')
    expect(
      say({
        action: 'faq.update',
        entity: 'faq',
        subject: 'Do you ship abroad?',
        before: { answer: '<p>No.</p>' },
        after: { answer: '<p>Not yet.</p>' },
      }),
    ).toBe("Meera changed the answer of the question 'Do you ship abroad?'")
    expect(say({ action: 'temple.delete', entity: 'temple', before: { name: 'Kashi Vishwanath' } })).toBe(
      'Meera deleted the temple Kashi Vishwanath',
    )
    expect(
      say({ action: 'slider.update', entity: 'slider', before: { position: 1 }, after: { position: 1 } }),
    ).toBe('Meera saved the slide without changes')
    expect(say({ action: 'policy.return.update', entity: 'policy' })).toBe('Meera changed the return policy')
    expect(say({ action: 'upload', entity: 'image', after: { url: '/uploads/banners/x-800.webp' } })).toBe(
      'Meera uploaded a picture for the banners',
    )
  })

  it('orders: status, cancellation, tracking link and refunds', () => {
    const o = { entity: 'order', subject: 'FS-1024' }
    expect(
      say({ ...o, action: 'order.status', after: { status: 'Shipped', shippingLink: 'https://t.in/1' } }),
    ).toBe('Meera marked order FS-1024 as Shipped with a tracking link')
    expect(
      say({ ...o, action: 'order.status', after: { status: 'Cancelled', paymentStatus: 'Refund pending' } }),
    ).toBe('Meera cancelled order FS-1024; its refund is pending')
    expect(say({ ...o, action: 'order.tracking-link' })).toBe(
      'Meera changed the tracking link of order FS-1024',
    )
    expect(say({ ...o, action: 'order.refund', after: { amount: 1850 } })).toBe(
      'Meera refunded ₹1,850.00 on order FS-1024',
    )
    expect(say({ ...o, action: 'order.refund.failed', after: { reason: 'The bank refused.' } })).toBe(
      'Meera tried to refund order FS-1024, but the refund failed: The bank refused.',
    )
    expect(
      say({
        ...o,
        actor: null,
        action: 'payment.amount-mismatch',
        before: { amount: 1850 },
        after: { amount: 18.5 },
      }),
    ).toBe(
      'The shop received a payment of ₹18.50 for order FS-1024, which expected ₹1,850.00; it was not accepted',
    )
  })

  it('people, staff, messages and settings', () => {
    const u = { entity: 'user', subject: 'Asha Verma' }
    expect(say({ ...u, action: 'user.disable' })).toBe('Meera disabled the account of Asha Verma')
    expect(say({ ...u, action: 'user.enable' })).toBe('Meera enabled the account of Asha Verma again')
    expect(say({ ...u, action: 'staff.invite', after: { staffRole: 'orders' } })).toMatch(
      /^Meera invited Asha Verma to the console as /,
    )
    expect(
      say({ ...u, action: 'staff.role', before: { staffRole: 'manager' }, after: { staffRole: 'orders' } }),
    ).toMatch(/^Meera changed the role of Asha Verma from \w+ to \w+/)
    expect(say({ ...u, action: 'staff.disable' })).toBe('Meera disabled the console account of Asha Verma')
    expect(say({ ...u, action: 'staff.invite-again' })).toBe(
      'Meera sent Asha Verma a new invitation to the console',
    )
    expect(say({ ...u, action: 'staff.promote', after: { staffRole: 'catalogue' } })).toMatch(
      /^Meera gave Asha Verma access/,
    )
    expect(
      say({ entity: 'user', actor: null, action: 'admin.create', after: { fullName: 'Meera Iyer' } }),
    ).toBe('The command line created the owner account of Meera Iyer')
    expect(
      say({ entity: 'message', subject: 'Ravi Kumar', action: 'message.status', after: { status: 'read' } }),
    ).toBe('Meera marked the message from Ravi Kumar as read')
    expect(say({ entity: 'contact_message', subject: 'Ravi Kumar', action: 'message.reply' })).toBe(
      'Meera replied to the message from Ravi Kumar',
    )
    expect(
      say({
        entity: 'settings',
        action: 'settings.mail',
        before: { notificationEmail: 'a@x.in', lowStockThreshold: 3 },
        after: { notificationEmail: 'b@x.in', lowStockThreshold: 3 },
      }),
    ).toBe('Meera changed the mail settings (notification e-mail)')
    expect(say({ entity: 'settings', action: 'settings.cod', before: {}, after: {} })).toBe(
      'Meera changed the cash-on-delivery settings',
    )
  })

  it('reviews: publish, hide with its reason, reply', () => {
    const subject = `${painting} by Asha Verma`
    expect(say({ entity: 'review', subject, action: 'review.publish' })).toBe(
      `Meera published the review of ${painting} by Asha Verma in the shop`,
    )
    expect(
      say({ entity: 'review', subject, action: 'review.hide', after: { reason: 'It names a phone number' } }),
    ).toBe(`Meera hid the review of ${painting} by Asha Verma because: It names a phone number`)
    expect(say({ entity: 'review', subject, action: 'review.reply' })).toBe(
      `Meera replied to the review of ${painting} by Asha Verma`,
    )
  })

  it('admin:create run again for a member of staff: a new password, or the account enabled again', () => {
    const u = { entity: 'user', subject: 'Meera Iyer', actor: null }
    expect(say({ ...u, action: 'admin.password', after: { passwordChanged: true } })).toBe(
      'The command line set a new password for Meera Iyer',
    )
    expect(
      say({
        ...u,
        action: 'admin.password',
        before: { disabledAt: '2026-01-01T00:00:00.000Z' },
        after: { passwordChanged: true },
      }),
    ).toBe('The command line set a new password for Meera Iyer and enabled their account again')
    expect(
      say({
        ...u,
        action: 'admin.password',
        before: { disabledAt: '2026-01-01T00:00:00.000Z' },
        after: { passwordChanged: false },
      }),
    ).toBe('The command line enabled the console account of Meera Iyer again')
  })

  it('every action the code records has a sentence of its own, never the raw action name', () => {
    expect(auditActions.length).toBeGreaterThan(40)
    const raw: string[] = []
    for (const { action, entity } of auditActions) {
      for (const [before, after] of [
        [null, null],
        [{ title: 'Old' }, { title: 'New', status: 'Shipped', passwordChanged: true }],
      ]) {
        const sentence = say({ action, entity, subject: 'Kashi Vishwanath', before, after })
        const named = new RegExp(`(^|\\W)${action.replace(/\./g, '\\.')}($|\\W)`).test(sentence)
        if (named || sentence.includes('made a change')) raw.push(`${action}: ${sentence}`)
      }
    }
    expect(raw).toEqual([])
  })

  it('every audit entry is written through writeAudit, whose actions are the listed ones', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
    const files = (readdirSync(serverDir, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    )
    expect(files.length).toBeGreaterThan(50)
    const direct = files.filter(
      (f) =>
        !f.endsWith(path.join('modules', 'audit', 'repo.ts')) &&
        /insert\(\s*auditLog\s*\)/.test(readFileSync(path.join(serverDir, f), 'utf8')),
    )
    expect(direct).toEqual([])
  })

  it('an unknown action still reads as a sentence', () => {
    expect(say({ action: 'wishlist.purge', entity: 'wishlist', subject: null })).toBe(
      'Meera made a change (wishlist.purge) to the wishlist',
    )
    expect(recordedName({ code: 'HOLI' }, null)).toBe('HOLI')
  })
})
