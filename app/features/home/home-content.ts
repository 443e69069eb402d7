import { msg } from '../../../contracts/languages.ts'

/** The home page's own words (shown with t()): the two sections the spec leaves to us, three testimonials. */
export const impactFacts = [
  { figure: '2020', label: msg('Foundation started') },
  { figure: '1,200+', label: msg('Artisan families paid fairly') },
  { figure: '15', label: msg('States whose crafts we carry') },
  { figure: '50%', label: msg('Fewer road accidents: our 2030 goal') },
] as const

export const testimonials = [
  {
    name: 'Ananya Iyer',
    place: 'Bengaluru',
    text: msg(
      'The Banarasi saree arrived beautifully packed, with a note from the weaver. The colours are even richer than in the pictures.',
    ),
  },
  {
    name: 'Rohit Malhotra',
    place: 'New Delhi',
    text: msg(
      'I bought a Madhubani painting as a wedding gift. Knowing the money reaches the artist made it special.',
    ),
  },
  {
    name: 'Fatima Sheikh',
    place: 'Lucknow',
    text: msg(
      'Quick delivery to a small town, easy returns, and the brass diya set is now the centre of our puja room.',
    ),
  },
] as const
