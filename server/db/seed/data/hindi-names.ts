/**
 * The demo catalogue's category, subcategory, state and temple names in Hindi, as staff would fill the console's
 * Hindi boxes (decision 097). Their pages' addresses keep the English names.
 */
const HINDI_NAMES: Record<string, string> = {
  'Art & Painting': 'कला और चित्रकारी',
  Madhubani: 'मधुबनी',
  Warli: 'वारली',
  Pattachitra: 'पट्टचित्र',
  Gond: 'गोंड',
  Handloom: 'हथकरघा',
  Sarees: 'साड़ियाँ',
  'Stoles & Dupattas': 'स्टोल और दुपट्टे',
  Kurtas: 'कुर्ते',
  'Bed Linen': 'चादरें',
  Shawls: 'शॉल',
  Handicraft: 'हस्तशिल्प',
  'Pottery & Terracotta': 'मिट्टी के बर्तन और टेराकोटा',
  'Brass & Metal': 'पीतल और धातु',
  Woodcraft: 'काष्ठ शिल्प',
  'Stone & Marble': 'पत्थर और संगमरमर',
  Traditional: 'पारंपरिक',
  Jewellery: 'आभूषण',
  'Puja Essentials': 'पूजा सामग्री',
  'Traditional Toys': 'पारंपरिक खिलौने',
  'Eco-friendly': 'पर्यावरण के अनुकूल',
  Jute: 'जूट',
  'Bamboo & Cane': 'बाँस और बेंत',
  'Handmade Paper': 'हस्तनिर्मित कागज़',
  'Gift Items': 'उपहार',
  'Gift Hampers': 'उपहार हैम्पर',
  'Home Decor': 'घर की सजावट',
  'Festive Decor': 'त्योहारी सजावट',
  Prasad: 'प्रसाद',
  'Temple Prasad': 'मंदिर का प्रसाद',
  // Temples (decision 099).
  'Kashi Vishwanath': 'काशी विश्वनाथ',
  Omkareshwar: 'ओंकारेश्वर',
  Mahakaleshwar: 'महाकालेश्वर',
  Somnath: 'सोमनाथ',
  Kedarnath: 'केदारनाथ',
  Baidyanath: 'बैद्यनाथ',
  'Uttar Pradesh': 'उत्तर प्रदेश',
  'Madhya Pradesh': 'मध्य प्रदेश',
  Rajasthan: 'राजस्थान',
  Bihar: 'बिहार',
  Odisha: 'ओडिशा',
  'West Bengal': 'पश्चिम बंगाल',
  Gujarat: 'गुजरात',
  Maharashtra: 'महाराष्ट्र',
  'Tamil Nadu': 'तमिलनाडु',
  Kerala: 'केरल',
  Assam: 'असम',
  Karnataka: 'कर्नाटक',
  Manipur: 'मणिपुर',
  'Jammu and Kashmir': 'जम्मू और कश्मीर',
  Chhattisgarh: 'छत्तीसगढ़',
  'Andhra Pradesh': 'आंध्र प्रदेश',
  Telangana: 'तेलंगाना',
}

/** A demo name's translations, as the rows keep them. */
export const hindiOf = <F extends string>(english: string, field: F) => {
  const hi = HINDI_NAMES[english]
  return hi ? { hi: { [field]: hi } as Record<F, string> } : {}
}
