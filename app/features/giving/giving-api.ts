import type { Donation, DonationBody } from '../../../contracts/donations.ts'
import { api, downloadFile } from '../../lib/api.ts'

/** Starts an unpaid donation of the signed-in donor. */
export async function createDonation(body: DonationBody): Promise<Donation> {
  return (await api<{ data: Donation }>('/donations', { method: 'POST', body, auth: true })).data
}

export async function fetchDonation(id: string): Promise<Donation> {
  return (await api<{ data: Donation }>(`/donations/${encodeURIComponent(id)}`, { auth: true })).data
}

/** Saves the receipt PDF of the donor's own paid donation. */
export function downloadReceipt(donation: Pick<Donation, '_id' | 'receiptNumber'>) {
  return downloadFile(
    `/donations/${encodeURIComponent(donation._id)}/receipt`,
    `${(donation.receiptNumber ?? 'receipt').replace(/\//g, '-')}.pdf`,
  )
}
