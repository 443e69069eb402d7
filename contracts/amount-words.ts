import type { Language } from './languages.ts'

/**
 * A whole rupee amount in words, in the Indian system (thousand, lakh, crore), as receipts write it:
 * "Rupees Five Thousand One Hundred Only" / "पाँच हज़ार एक सौ रुपये मात्र".
 */

const ones = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

// Hindi has a word of its own for every number below a hundred.
const hindi = (
  ' एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस ' +
  'इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस ' +
  'छत्तीस सैंतीस अड़तीस उनतालीस चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस ' +
  'अड़तालीस उनचास पचास इक्यावन बावन तिरेपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ इकसठ बासठ तिरेसठ ' +
  'चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर ' +
  'अठहत्तर उन्यासी अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानबे ' +
  'बानबे तिरानबे चौरानबे पंचानबे छियानबे सत्तानबे अट्ठानबे निन्यानबे'
).split(' ')

const below100 = (n: number, language: Language) =>
  language === 'hi' ? hindi[n] : n < 20 ? ones[n] : `${tens[Math.floor(n / 10)]} ${ones[n % 10]}`.trim()

const scales = {
  en: { hundred: 'Hundred', thousand: 'Thousand', lakh: 'Lakh', crore: 'Crore' },
  hi: { hundred: 'सौ', thousand: 'हज़ार', lakh: 'लाख', crore: 'करोड़' },
} as const

function words(n: number, language: Language): string {
  const s = scales[language]
  const parts: string[] = []
  const crore = Math.floor(n / 10_000_000)
  if (crore) parts.push(`${words(crore, language)} ${s.crore}`)
  const lakh = Math.floor(n / 100_000) % 100
  if (lakh) parts.push(`${below100(lakh, language)} ${s.lakh}`)
  const thousand = Math.floor(n / 1000) % 100
  if (thousand) parts.push(`${below100(thousand, language)} ${s.thousand}`)
  const hundred = Math.floor(n / 100) % 10
  if (hundred) parts.push(`${below100(hundred, language)} ${s.hundred}`)
  const rest = n % 100
  if (rest) parts.push(below100(rest, language))
  return parts.join(' ')
}

export function rupeesInWords(rupees: number, language: Language = 'en'): string {
  const n = Math.floor(Math.abs(rupees))
  if (language === 'hi') return `${n === 0 ? 'शून्य' : words(n, 'hi')} रुपये मात्र`
  return `Rupees ${n === 0 ? 'Zero' : words(n, 'en')} Only`
}
