import { msg } from '../../../contracts/languages.ts'

/** The foundation's facts for the About Us page (spec section 1); its texts are shown with t(). */
export const foundation = {
  founded: 2020,
  /** The road-safety programme's own name, the same in every language. */
  programme: 'Count Safety First',
  chairperson: {
    name: 'Dr. Meera Saxena',
    role: msg('Chairperson, Kalaa Setu Foundation'),
    bio: msg(
      'A public-health physician who spent twenty years in trauma wards before starting the foundation in 2020. She leads the Count Safety First programme and the foundation\u2019s work with artisan families.',
    ),
  },
  universities: [
    {
      name: msg('Banaras Hindu University'),
      logo: '/media/university-1.webp',
      quote: msg(
        'Our students joined Count Safety First workshops on campus; many now run road-safety sessions in their own villages.',
      ),
      person: msg('Prof. R. K. Tiwari, Department of Social Work'),
    },
    {
      name: msg('University of Lucknow'),
      logo: '/media/university-2.webp',
      quote: msg(
        'The foundation\u2019s cultural-awareness programme brought weavers and potters into our classrooms. It changed how students see the crafts around them.',
      ),
      person: msg('Dr. Shalini Verma, Faculty of Fine Arts'),
    },
    {
      name: msg('Jawaharlal Nehru University'),
      logo: '/media/university-3.webp',
      quote: msg(
        'A careful, evidence-led partner. Their driver-training data helped our research on road accidents in North India.',
      ),
      person: msg('Dr. Arvind Menon, Centre for Studies in Science Policy'),
    },
  ],
} as const
