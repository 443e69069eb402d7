/** The foundation's facts for the About Us page (spec section 1). */
export const foundation = {
  founded: 2020,
  programme: 'Count Safety First',
  goal: 'cut road accidents by 50% by 2030',
  chairperson: {
    name: 'Dr. Meera Saxena',
    role: 'Chairperson, Kalaa Setu Foundation',
    bio: 'A public-health physician who spent twenty years in trauma wards before starting the foundation in 2020. She leads the Count Safety First programme and the foundation\u2019s work with artisan families.',
  },
  universities: [
    {
      name: 'Banaras Hindu University',
      logo: '/media/university-1.webp',
      quote:
        'Our students joined Count Safety First workshops on campus; many now run road-safety sessions in their own villages.',
      person: 'Prof. R. K. Tiwari, Department of Social Work',
    },
    {
      name: 'University of Lucknow',
      logo: '/media/university-2.webp',
      quote:
        'The foundation\u2019s cultural-awareness programme brought weavers and potters into our classrooms. It changed how students see the crafts around them.',
      person: 'Dr. Shalini Verma, Faculty of Fine Arts',
    },
    {
      name: 'Jawaharlal Nehru University',
      logo: '/media/university-3.webp',
      quote:
        'A careful, evidence-led partner. Their driver-training data helped our research on road accidents in North India.',
      person: 'Dr. Arvind Menon, Centre for Studies in Science Policy',
    },
  ],
} as const
