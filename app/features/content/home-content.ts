/** The home page's own words: the two sections the spec leaves to us, and the three testimonials. */
export const impactFacts = [
  { figure: '2020', label: 'Foundation started' },
  { figure: '1,200+', label: 'Artisan families paid fairly' },
  { figure: '15', label: 'States whose crafts we carry' },
  { figure: '50%', label: 'Fewer road accidents: our 2030 goal' },
] as const

export const testimonials = [
  {
    name: 'Ananya Iyer',
    place: 'Bengaluru',
    text: 'The Banarasi saree arrived beautifully packed, with a note from the weaver. The colours are even richer than in the pictures.',
  },
  {
    name: 'Rohit Malhotra',
    place: 'New Delhi',
    text: 'I bought a Madhubani painting as a wedding gift. Knowing the money reaches the artist made it special.',
  },
  {
    name: 'Fatima Sheikh',
    place: 'Lucknow',
    text: 'Quick delivery to a small town, easy returns, and the brass diya set is now the centre of our puja room.',
  },
] as const
