import { describe, expect, it } from 'vitest'
import { rupeesInWords } from './amount-words.ts'

describe('amounts in words', () => {
  it('writes rupees in the Indian system in English', () => {
    expect(rupeesInWords(501)).toBe('Rupees Five Hundred One Only')
    expect(rupeesInWords(5100)).toBe('Rupees Five Thousand One Hundred Only')
    expect(rupeesInWords(21)).toBe('Rupees Twenty One Only')
    expect(rupeesInWords(250_000)).toBe('Rupees Two Lakh Fifty Thousand Only')
    expect(rupeesInWords(12_345_678)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight Only',
    )
  })
  it('and in Hindi', () => {
    expect(rupeesInWords(1100, 'hi')).toBe('एक हज़ार एक सौ रुपये मात्र')
    expect(rupeesInWords(2151, 'hi')).toBe('दो हज़ार एक सौ इक्यावन रुपये मात्र')
    expect(rupeesInWords(500_000, 'hi')).toBe('पाँच लाख रुपये मात्र')
  })
})
