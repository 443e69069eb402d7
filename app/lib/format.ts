const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })

/** ₹1,24,999 — the rupee sign with Indian digit grouping. */
export function formatRupees(amount: number): string {
  return `₹${inr.format(amount)}`
}

/** 'Rs 1,24,999' as the wishlist shows prices. */
export function formatRs(amount: number): string {
  return `Rs ${inr.format(amount)}`
}

/** Cuts a title at n characters and adds an ellipsis when it was longer. */
export function truncate(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}...` : text
}
