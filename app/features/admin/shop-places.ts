/**
 * Where each console field shows in the shop, in plain words for the staff. Each line was checked
 * against the page that shows the field (app/routes/home.tsx, product-detail.tsx, support.tsx,
 * temple.tsx, temple-details.tsx, root.tsx and the footer): when a page changes, change its line here.
 */
export const shownIn = {
  /** The optional Hindi boxes of categories, states, questions and policies (decision 097). */
  hindi: {
    name: 'Shown instead of the English name to customers who chose हिन्दी in the header; where it is empty they see the English. The page’s web address keeps the English name.',
    text: 'Shown instead of the English to customers who chose हिन्दी in the header; where it is empty they see the English.',
  },
  product: {
    form: 'Once approved, the product is listed in its category, its subcategory, its state and in search, and has a page of its own.',
    title: 'Shown on the product’s card in every list and as the big heading of its page.',
    price: 'Shown in large type on the card and on the product page, below the title.',
    cutPrice: 'Shown struck through beside the price, on the card and the product page, when it is higher.',
    discount: 'Shown as a “-N%” badge on the card’s picture and beside the price on the product page.',
    quantity:
      'The number is not shown: the product page says “Only N left” from 3 down, and the card and page say “Out of stock” at 0.',
    category:
      'The product is listed on this category’s page and named in the path above the product page’s pictures (Home / category).',
    subcategory: 'The product is also listed on this subcategory’s page (from the category’s menu).',
    state:
      'The product page says “Made in” this state, with a link; the product is listed on the state’s page.',
    sku: 'Shown on the product page below the buttons, beside “SKU”.',
    hsn: 'Not shown in the shop: printed on the customer’s GST invoice.',
    gst: 'Not shown in the shop: the GST invoice shows the tax included in the price.',
    shortDescription: 'Shown on the product page below the SKU, above the full description. Plain text.',
    hindi:
      'Shown instead of the English to customers who chose हिन्दी in the header; where it is empty they see the English.',
    description: 'Shown on the product page under the heading “Description”, below the short description.',
    youtube: 'Shown on the product page below the pictures, as a video that plays when tapped.',
    view360:
      'Adds a “View 360” button beside Add To Cart on the product page, opening this link in a new tab.',
    pictures:
      'The first picture is the one on the product’s card in every list; all of them show, in this order, in the product page’s gallery.',
  },
  category: {
    form: 'Active categories show in the shop: the first six as round pictures under “Shop by category” on the home page, the first four in the footer, each with a page of its products. An inactive category hides with its products.',
    title: 'The category’s name in the menus, the footer, the home page and at the top of its page.',
    image:
      'Shown in the round picture under “Shop by category” and on the card in “Collection” on the home page.',
    header: 'Shown in the menu bar at the top of every page (on computers), with its subcategories below it.',
    collection: 'Shown as a card with “View More” in the “Collection” section of the home page.',
    position: 'Smaller comes first in the menus, the footer and on the home page.',
  },
  subcategory: {
    form: 'Listed under their category in the menu at the top of every page; each has a page of its products.',
  },
  state: {
    form: 'The first three states show under “Statecraft Collection” on the home page and on the State Wise page; each state has a page of its products.',
    name: 'The name on the state’s tile and at the top of its page; products say “Made in” it.',
    image:
      'Shown on the state’s tile under “Statecraft Collection” on the home page and on the State Wise page. Left empty, the tile is plain with the state’s name. Pictures of about 4:3, such as 800 × 600 pixels, fill it best.',
  },
  slide: {
    form: 'The wide pictures that turn one after another at the very top of the home page, in the order below (hidden slides are skipped). Wide pictures of about 8:3, such as 1600 × 600 pixels, fill it best.',
    title: 'Not shown as text: it is read aloud to blind visitors as the picture’s description.',
    link: 'Where a tap on the slide leads; left empty, it opens the Handloom page.',
    status: 'Inactive slides are kept here but not shown.',
    position: 'Smaller turns first; Up and Down in the list change it for you.',
  },
  banner: {
    form: 'The sale banner on the home page, between the Best Selling lists and New Arrival. Only the first banner in this list is used: its words show over its picture, which shows faintly behind them.',
    image:
      'Shown faintly behind the banner’s words, across the whole banner. Wide pictures of about 3:1, such as 1600 × 500 pixels, fill it best.',
    title:
      'The small line in capital letters at the top of the banner, in saffron. Left empty, the banner has no small line.',
    subtitle: 'The big heading of the banner, under the small line. Left empty, the banner has no heading.',
    buttonText: 'The words on the banner’s button. Left empty, the button says “Shop now”.',
    link: 'Where the banner’s button leads: an address in the shop such as /product/Handloom, or a full web address. Left empty, it opens the Handloom page.',
    position: 'The banner with the smallest position is the one shown.',
  },
  coupon: {
    form: 'Customers type a code in the promo code box on the Cart page; its percent comes off the order total there and at checkout.',
    code: 'Customers must type it exactly like this.',
    status: 'Customers who type an inactive code are told “Coupon code has expired”.',
    endsAt: 'After this day, customers who type the code are told it has expired.',
    isPublic:
      'Public codes are in the list the shop publishes (no page shows it, but anyone can read it); private codes work only for people you give them to.',
  },
  faq: {
    form: 'Shown under “Frequently asked questions” on the Support page: customers tap a question to open its answer, one at a time.',
    question: 'The line customers tap on the Support page.',
    answer: 'Opens under the question when a customer taps it.',
    position: 'Smaller comes first on the Support page; Up and Down in the list change it for you.',
  },
  policy: {
    form: 'The Privacy Policy, Terms & Conditions and Return Policy pages, linked from every page’s footer under “Support”.',
    section: 'Each section shows on its page as a heading with its text below, in the order of this list.',
    returnPolicy: 'The whole text of the Return Policy page (footer, under “Support”).',
    position: 'Smaller comes first on the page; Up and Down in the list change it for you.',
  },
  temple: {
    form: 'The temple section: every temple has a card on the Temple page (the six best known first) and a page of its own at /temple/ and its web name.',
    name: 'The heading of the temple’s card and the large title of its pages.',
    location: 'Shown under the name, on the card and on the temple’s pages.',
    slug: 'The end of the temple’s own page’s web address (/temple/…), also used by /templedetails?temple=….',
    servicesLink:
      'Where the four service buttons on the temple’s pages (Virtual tour, Live Aarti, Order Parshad, Book Guide) lead, in a new tab, unless a service has its own link below.',
    serviceLink:
      'Where this service’s button on the temple’s pages leads, in a new tab. Left empty, it opens the services link above.',
    about: 'Shown on the temple’s pages under “About Temple”.',
    hindi:
      'Shown instead of the English to customers who chose हिन्दी in the header; where it is empty they see the English.',
    image: 'Shown on the temple’s card and as the wide picture at the top of its pages.',
    images:
      'Shown, in this order, in the “Pictures” gallery of the temple’s own page (after the main picture).',
    prasad:
      'Makes this product a prasad package of the temple: it is listed under “Prasad by post” on the temple’s own page. Put it in the Prasad category too, to list it in that collection.',
  },
  settings: {
    staff: 'Nothing here is shown to customers.',
    cod: 'Shown at checkout: whether “COD” can be chosen for an order, its fee as a line of its own, or why COD is not offered.',
    limits:
      'Not shown as numbers: a customer past a limit is told at checkout or when booking a seva what to do (pay for an earlier order, cancel it, or pay online), and the checkout’s “COD” says why it is not offered to them.',
    delivery:
      'Shown in “Check delivery” on the product page and in the cart, and at checkout: the expected delivery dates, or that a PIN code is not served.',
    shipping:
      'Shown beside the delivery dates on the product page and in the cart, as a line of its own at checkout before payment, in the order’s e-mails and on its invoice. With no rates, shipping is free.',
    returns:
      'Shown on each product page beside the delivery dates (“Returnable within 7 days” or “Not returnable”) and on the Return Policy page. Made-to-measure, personalised and prasad pieces are not returnable unless their product has its own rule; damaged or wrong pieces are always taken back within the window.',
  },
} as const
