/**
 * The demo shop's content: home page sliders and banners, coupons, FAQs, the policy pages and the
 * temples. All of it can be changed by the staff in the admin console once the shop is running.
 */
import { saleBannerText } from '../../../../contracts/sale-banner.ts'
import type { TempleScene, WideSpec } from '../../../../demo-art/scenes.ts'

// ---------------------------------------------------------------- home page

export type SliderSeed = { title: string; link: string; picture: WideSpec }

export const SLIDERS: SliderSeed[] = [
  {
    title: 'Handloom sarees, stoles and shawls woven by hand',
    link: '/product/Handloom',
    picture: {
      headline: 'Woven by hand, worn with pride',
      sub: 'Handloom sarees, stoles and shawls',
      tone: ['#fbe9d7', '#f3c9a1', '#6b1d1d'],
      items: [
        { motif: 'stole', title: 'Kutch Bandhani Cotton Dupatta', x: 0.6, s: 0.85 },
        { motif: 'saree', title: 'Banarasi Silk Saree', x: 0.82, s: 0.95 },
      ],
      flowers: true,
    },
  },
  {
    title: 'Folk paintings from the villages of India',
    link: '/product/Art%20%26%20Painting',
    picture: {
      headline: 'Folk art, straight from the artist',
      sub: 'Madhubani, Warli, Pattachitra and Gond',
      tone: ['#fdf3dc', '#f1d49a', '#5a2a0c'],
      items: [
        { motif: 'gond', shape: 'peacock', x: 0.57, s: 0.75 },
        { motif: 'madhubani', shape: 'fish', x: 0.73, s: 0.85 },
        { motif: 'warli', shape: 'dance', x: 0.89, s: 0.7 },
      ],
    },
  },
  {
    title: 'Pottery, brass and woodcraft for the home',
    link: '/product/Handicraft',
    picture: {
      headline: 'Crafted to last for generations',
      sub: 'Pottery, dhokra brass, woodcraft and stone',
      tone: ['#e8f1f5', '#b9d3df', '#1d3a4f'],
      items: [
        { motif: 'pottery', shape: 'vase', x: 0.57, s: 0.85 },
        { motif: 'brass', shape: 'elephant', x: 0.73, s: 0.75 },
        { motif: 'pottery', shape: 'horse', x: 0.89, s: 0.7 },
      ],
    },
  },
  {
    title: 'Festive gifts that support artisan families',
    link: '/product/Gift%20Items',
    picture: {
      headline: 'Gifts with a story',
      sub: 'Hampers, diyas and decor for every celebration',
      tone: ['#fff0d9', '#f7c873', '#7a2e0e'],
      items: [
        { motif: 'hamper', title: 'Festive Handicraft Gift Hamper', x: 0.6, s: 0.85 },
        { motif: 'mandala', x: 0.76, s: 0.75 },
        { motif: 'diya', x: 0.9, s: 0.6 },
      ],
      flowers: true,
    },
  },
]

/** A banner's words show over its picture (faintly behind them), so the pictures carry no words of their own. */
export type BannerSeed = {
  title: string
  subtitle: string
  buttonText: string
  link: string
  picture: WideSpec
}

export const BANNERS: BannerSeed[] = [
  {
    // The spec's words, word for word: the banner the home page shows.
    ...saleBannerText,
    picture: {
      tone: ['#fdf0dc', '#f2b880', '#5c2410'],
      items: [
        { motif: 'stole', title: 'Kota Doria Cotton Dupatta', x: 0.57, s: 0.8 },
        { motif: 'saree', title: 'Kerala Kasavu Cotton Saree', x: 0.74, s: 0.85 },
        { motif: 'bedsheet', title: 'Dabu Print Cotton Bedsheet', x: 0.89, s: 0.65 },
      ],
    },
  },
  {
    title: 'Eco-friendly',
    subtitle: 'Made by hand, kind to the planet',
    buttonText: 'Shop eco-friendly',
    link: '/product/Eco-friendly',
    picture: {
      tone: ['#eef5e6', '#c4dca8', '#2f4a1f'],
      items: [
        { motif: 'jute', x: 0.58, s: 0.8 },
        { motif: 'bamboo', shape: 'lamp', x: 0.74, s: 0.8 },
        { motif: 'paper', x: 0.89, s: 0.65 },
      ],
      flowers: true,
    },
  },
]

// ---------------------------------------------------------------- coupons

export type CouponSeed = {
  code: string
  /** Percentage off the order. */
  discount: number
  status: 'active' | 'expired'
  /** Public coupons are listed to customers; private ones are shared by the staff. */
  isPublic: boolean
  /** Days from the seed until the coupon ends (negative: already ended); null for no end date. */
  endsInDays: number | null
  usageLimit: number | null
  usedCount: number
}

export const COUPONS: CouponSeed[] = [
  {
    code: 'WELCOME10',
    discount: 10,
    status: 'active',
    isPublic: true,
    endsInDays: null,
    usageLimit: null,
    usedCount: 57,
  },
  {
    code: 'FESTIVE25',
    discount: 25,
    status: 'expired',
    isPublic: true,
    endsInDays: -45,
    usageLimit: 500,
    usedCount: 312,
  },
  {
    code: 'STAFF15',
    discount: 15,
    status: 'active',
    isPublic: false,
    endsInDays: null,
    usageLimit: null,
    usedCount: 9,
  },
  {
    code: 'SUMMER30',
    discount: 30,
    status: 'active',
    isPublic: true,
    endsInDays: 45,
    usageLimit: 1000,
    usedCount: 128,
  },
]

const DAY_MS = 24 * 60 * 60 * 1000

/** When a coupon ends, counted from `now`; null for a coupon without an end date. */
export function couponEndsAt(c: Pick<CouponSeed, 'endsInDays'>, now: Date): Date | null {
  return c.endsInDays === null ? null : new Date(now.getTime() + c.endsInDays * DAY_MS)
}

// ---------------------------------------------------------------- FAQs and policies

export const FAQS: { question: string; answer: string }[] = [
  {
    question: 'Do you deliver across India, and what does shipping cost?',
    answer:
      '<p>Yes. We deliver to every PIN code in India that our courier partners serve, and shipping is free on all orders. Most orders are dispatched within 2–4 working days and arrive within 5–9 working days, depending on your location; remote areas and the North-East can take a little longer.</p><p>Some pieces, such as large paintings or made-to-order sarees, take longer to prepare; the product page says so when that is the case.</p>',
  },
  {
    question: 'Can I return or exchange a product?',
    answer:
      '<p>If a product reaches you damaged, defective or different from what you ordered, write to us within 7 days of delivery with photographs of the item and its packaging, and we will arrange a replacement or a full refund.</p><p>Most pieces can also be returned or exchanged for another size or colour if you change your mind, within the days their product page shows; pieces made to your measurements, personalised for you, and prasad cannot. Please see our <a href="/ReturnPolicy">Return Policy</a> for the details.</p>',
  },
  {
    question: 'Which payment methods do you accept?',
    answer:
      '<p>Payments are handled securely by Razorpay. You can pay with debit and credit cards, UPI, net banking and popular wallets. We never see or store your card details.</p>',
  },
  {
    question: 'Is cash on delivery (COD) available?',
    answer:
      '<p>Yes, for most orders. Before you place an order, checkout shows whether cash on delivery is offered for its total and your PIN code, and any fee; an order above the limit, or to a PIN code where the courier cannot collect cash, is paid online. If you are unable to pay online, please contact us and we will try to help.</p>',
  },
  {
    question: 'How can I track my order?',
    answer:
      '<p>Sign in and open <a href="/Order-History">Order History</a> to see the status of each of your orders: Pending, Processing, Shipped or Delivered. You can cancel an order yourself until it has been shipped; the payment is then refunded to the same account.</p>',
  },
  {
    question: 'Why does my product look slightly different from the photograph?',
    answer:
      '<p>Every product in our shop is made by hand, so small differences in colour, size, weave or pattern are natural and make each piece unique. Natural dyes and materials can also look a little different under different light. These variations are not defects.</p>',
  },
  {
    question: 'Can I place a bulk or corporate gifting order?',
    answer:
      '<p>Yes. We put together hampers and bulk orders for weddings, festivals, conferences and company gifting, and can add a personal card or your organisation’s message. Please write to us through the <a href="/ContactUs">Contact Us</a> page with the quantities and dates you need, at least three to four weeks ahead, as our artisans make each piece by hand.</p>',
  },
  {
    question: 'How does my purchase support the artisans?',
    answer:
      '<p>We buy directly from artisans, their families and their cooperatives, and agree a fair price with them before a product is listed. As a non-profit foundation, we use what remains after our costs for training, tools, raw materials and market access for artisan communities, so that traditional crafts remain a living for the next generation.</p>',
  },
]

export type PolicySection = { title: string; content: string }

export const PRIVACY: PolicySection[] = [
  {
    title: 'What we collect',
    content:
      '<p>When you create an account or place an order, we collect your name, email address, phone number, and the delivery addresses you save. We also keep a record of your orders, your cart and wishlist, and any messages you send us through the contact form or newsletter sign-up.</p>',
  },
  {
    title: 'How we use your information',
    content:
      '<p>We use your information to process and deliver your orders, to contact you about them, to answer your questions and to keep your account secure. If you sign up for our newsletter, we will send you news of new collections and the artisans we work with; you can unsubscribe at any time.</p><p>We do not sell or rent your personal information to anyone.</p>',
  },
  {
    title: 'Payments',
    content:
      '<p>Online payments are processed by Razorpay, our payment partner. Your card, UPI or bank details are entered on Razorpay’s secure checkout and are not seen or stored by us. We only receive a confirmation of the payment and its reference number.</p>',
  },
  {
    title: 'Sharing with others',
    content:
      '<p>We share your name, phone number and delivery address with our courier partners only to deliver your order. We may disclose information where the law requires it. Otherwise your information stays with the foundation.</p>',
  },
  {
    title: 'Cookies and security',
    content:
      '<p>We use only the cookies needed to keep you signed in and your session secure; we do not use advertising cookies. Product videos are played from YouTube’s privacy-enhanced mode, and only when you choose to play them. Passwords are stored only in hashed form, never as plain text.</p>',
  },
  {
    title: 'Your choices',
    content:
      '<p>You can see and update your profile and addresses at any time from your account. To ask for a copy of your data or to have your account deleted, write to us through the Contact Us page; we keep order records only as long as the law requires.</p>',
  },
]

export const TERMS: PolicySection[] = [
  {
    title: 'About these terms',
    content:
      '<p>This online shop is run by the Kalaa Setu Foundation, a non-profit organisation based in Lucknow, Uttar Pradesh. By using the shop or placing an order, you agree to these terms. We may update them from time to time; the version on this page applies to your order.</p>',
  },
  {
    title: 'Handmade products',
    content:
      '<p>Our products are made by hand by artisans across India. We describe and photograph them as faithfully as we can, but slight variations in colour, size and finish are part of handmade work and are not defects. Sizes and weights are approximate.</p>',
  },
  {
    title: 'Prices and payment',
    content:
      '<p>All prices are in Indian rupees (₹). Prices and availability can change without notice, but the price confirmed at checkout is the price you pay. Orders are paid online through our payment partner at the time of ordering. Coupons apply on the terms shown with them and cannot be exchanged for cash.</p>',
  },
  {
    title: 'Orders and cancellation',
    content:
      '<p>An order is confirmed once payment is received. You may cancel your order from your account until it is shipped, and the amount is refunded to your original payment method. We may cancel an order if a product turns out to be unavailable or if we suspect misuse, in which case we refund you in full.</p>',
  },
  {
    title: 'Delivery',
    content:
      '<p>We deliver within India only. Delivery times given on the site are estimates and can be affected by courier delays, weather or festivals. Please check the parcel on delivery and tell us within 7 days if anything is damaged or missing.</p>',
  },
  {
    title: 'Intellectual property',
    content:
      '<p>The designs, artworks and traditional motifs shown in the shop belong to the artisans and communities who create them. Text and photographs on this site may not be copied for commercial use without our written permission.</p>',
  },
  {
    title: 'Governing law',
    content:
      '<p>These terms are governed by the laws of India. Any dispute will be subject to the jurisdiction of the courts at Lucknow, Uttar Pradesh. If you have a complaint, please contact us first: most problems can be solved with a simple conversation.</p>',
  },
]

export const RETURN_POLICY = [
  '<p>Every product in our shop is handmade and packed with care. If something is not right with your order, we will make it right. What each piece may be returned for, and within how many days, is set out above and on its product page.</p>',
  '<h3>How to ask for a return</h3>',
  '<ul>',
  '<li>Write to us within the return window through the Contact Us page, with your order number and what you would like: a refund or another size or colour.</li>',
  '<li>If the piece arrived damaged, is not the one you ordered or is not as described, attach clear photographs of it and of the packaging it came in.</li>',
  '<li>Keep the product unused, with its tags and original packaging, until the return is complete.</li>',
  '</ul>',
  '<p>We then arrange a pick-up where our courier partners serve your PIN code, or ask you to send the parcel to us. Once it reaches us and we have checked it, we send the replacement or refund your original payment method within 7–10 working days; a cash-on-delivery order is refunded to the UPI ID or bank account you give us.</p>',
  '<p>Natural variations of handmade work (a slightly different shade, an irregular weave) are not faults. Products that have been used, washed or altered cannot be returned unless they were faulty.</p>',
].join('\n')

// ---------------------------------------------------------------- temples

export type TempleSeed = {
  slug: string
  name: string
  location: string
  /** Plain text. */
  about: string
  scene: TempleScene
}

export const TEMPLES: TempleSeed[] = [
  {
    slug: 'kashi-vishwanath',
    name: 'Kashi Vishwanath',
    location: 'Varanasi, Uttar Pradesh',
    about:
      'Kashi Vishwanath, on the western bank of the Ganga in Varanasi, is one of the twelve Jyotirlingas of Lord Shiva, worshipped here as Vishwanath, the Lord of the Universe. The present temple was built in 1780 by Maharani Ahilyabai Holkar of Indore, and its spires were later covered in gold offered by Maharaja Ranjit Singh. The Kashi Vishwanath Dham corridor, opened in 2021, links the temple directly to the ghats of the river.',
    scene: 'ghats',
  },
  {
    slug: 'omkareshwar',
    name: 'Omkareshwar',
    location: 'Mandhata, Khandwa district, Madhya Pradesh',
    about:
      'Omkareshwar stands on Mandhata, an island in the Narmada river whose shape is said to resemble the sacred syllable Om. It is one of the twelve Jyotirlingas, and devotees also visit the Mamleshwar temple on the southern bank of the river. Pilgrims often walk the parikrama path around the island and take a holy dip in the Narmada.',
    scene: 'river',
  },
  {
    slug: 'mahakaleshwar',
    name: 'Mahakaleshwar',
    location: 'Ujjain, Madhya Pradesh',
    about:
      'Mahakaleshwar in the ancient city of Ujjain, on the banks of the Shipra river, is one of the twelve Jyotirlingas. Its lingam is dakshinamukhi, facing south, and the temple is known for the Bhasma Aarti performed before dawn. Ujjain is also one of the four cities that host the Kumbh Mela, held here as the Simhastha every twelve years.',
    scene: 'night',
  },
  {
    slug: 'somnath',
    name: 'Somnath',
    location: 'Prabhas Patan, Gir Somnath district, Gujarat',
    about:
      'Somnath, on the Arabian Sea coast at Prabhas Patan near Veraval, is traditionally counted as the first of the twelve Jyotirlingas. The temple was destroyed and rebuilt many times over the centuries. The present temple, built in the Chaulukya style after Independence with the support of Sardar Vallabhbhai Patel, was consecrated in 1951.',
    scene: 'sea',
  },
  {
    slug: 'kedarnath',
    name: 'Kedarnath',
    location: 'Rudraprayag district, Uttarakhand',
    about:
      'Kedarnath stands at about 3,583 metres in the Garhwal Himalaya, near the source of the Mandakini river. It is one of the twelve Jyotirlingas and one of the Char Dham of Uttarakhand, reached by a trek of about 16 km from Gaurikund. The temple opens in late April or May and closes after Diwali, when the deity is taken to Ukhimath for the winter.',
    scene: 'mountains',
  },
  {
    slug: 'baidyanath',
    name: 'Baidyanath',
    location: 'Deoghar, Jharkhand',
    about:
      'Baba Baidyanath Dham in Deoghar is revered as one of the twelve Jyotirlingas, where Shiva is worshipped as Vaidyanath, the divine healer. During the holy month of Shravan, lakhs of kanwariyas carry water from the Ganga at Sultanganj in Bihar and walk more than 100 km to offer it at the temple.',
    scene: 'town',
  },
]

/** The temples' online services are not open yet: no link, and the page shows the four services as not yet available. */
export const TEMPLE_SERVICES_LINK = ''
