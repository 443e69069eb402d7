/** '{village}, {district} district, {state}', leaving out what is empty. */
export function placeLine(p: { village: string; district: string; state: string | null }): string {
  return [p.village, p.district ? `${p.district} district` : '', p.state ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ')
}
