/**
 * The legal details of a shop that has been set up (decision 123): the supplier its GST invoices print and
 * the foundation its donation receipts name. Test shops start with them, as a shop open for business does;
 * a test of a new shop's checklist clears them.
 */
export const shopDetails = {
  legalName: 'Kalaa Seva Foundation',
  legalAddress: '5 Ashok Marg, Lucknow 226001',
  legalState: 'Uttar Pradesh',
  gstin: '09AAATK1234F1Z5',
  invoicePrefix: 'KS',
  donationName: 'Kalaa Seva Foundation',
  donationAddress: '5 Ashok Marg, Lucknow 226001',
  donationPan: 'AAATK1234F',
  registration80g: 'AAATK1234FF20214',
  registration80gIssued: '2021-05-28',
  registration80gFrom: '2021-05-28',
  registration80gUntil: '2099-03-31',
}

/** The same fields as a new shop has them: empty, the invoice prefix at its default. */
export const noShopDetails: typeof shopDetails = {
  ...(Object.fromEntries(Object.keys(shopDetails).map((k) => [k, ''])) as typeof shopDetails),
  invoicePrefix: 'KS',
}
