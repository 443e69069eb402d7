/**
 * The demo catalogue's categories and subcategories. A subcategory's `craft` sentence and `care` note go
 * into the description of every product filed under it; its `motif` picks the drawing of the product's
 * pictures (drawn by demo-art/products.ts).
 */

import type { Motif } from '../../../../demo-art/products.ts'

export type SubcategorySeed = {
  /** Unique key the products refer to. */
  key: string
  title: string
  /** Three capital letters: the middle part of the SKU. */
  code: string
  motif: Motif
  /** One or two sentences on how the craft is made; part of every product description. */
  craft: string
  /** Care instructions shown with every product. */
  care: string
}

export type CategorySeed = {
  title: string
  /** Two or three capital letters: the first part of the SKU. */
  code: string
  /** The drawing on the category's card. */
  coverMotif: Motif
  isHeaderCategory: boolean
  isCollectionCategory: boolean
  subcategories: SubcategorySeed[]
}

export const CATEGORIES: CategorySeed[] = [
  {
    title: 'Art & Painting',
    code: 'ART',
    coverMotif: 'madhubani',
    isHeaderCategory: true,
    isCollectionCategory: true,
    subcategories: [
      {
        key: 'madhubani',
        title: 'Madhubani',
        code: 'MDB',
        motif: 'madhubani',
        craft:
          'Madhubani (Mithila) painting is drawn freehand with bamboo nibs, twigs and fine brushes, first in black outline and then filled with bold colour, and finished with the double-line border typical of the Mithila region of Bihar.',
        care: 'Keep away from direct sunlight and damp walls. Dust the glass gently with a dry, soft cloth; never wet the painting itself.',
      },
      {
        key: 'warli',
        title: 'Warli',
        code: 'WRL',
        motif: 'warli',
        craft:
          'Warli artists of the Sahyadri foothills paint with a white paste of rice flour and gum on an earth-toned ground, building their scenes of village life from circles, triangles and lines, just as the community has decorated its mud walls for generations.',
        care: 'Frame or store flat, away from moisture. Wipe with a dry cloth only; the white paint can lift if rubbed with water.',
      },
      {
        key: 'pattachitra',
        title: 'Pattachitra',
        code: 'PTC',
        motif: 'pattachitra',
        craft:
          'Pattachitra painters of Odisha coat cotton cloth with tamarind-seed paste and chalk to make the patta, then paint with mineral and vegetable colours bound with gum, starting from the ornate border inwards; palm-leaf works are incised with an iron stylus and the grooves filled with lamp black.',
        care: 'Store rolled or framed in a dry place away from sunlight. Do not fold cloth paintings or wash them; dust lightly with a soft brush.',
      },
      {
        key: 'gond',
        title: 'Gond',
        code: 'GND',
        motif: 'gond',
        craft:
          'Gond artists of Madhya Pradesh first draw the outline of their animals and trees, then fill every shape with their own signature pattern of dots, dashes, scales or seeds, a style carried from the digna wall and floor designs of their villages onto paper and canvas.',
        care: 'Hang away from direct sunlight and humid spots such as bathrooms and kitchens. Dust the surface with a dry, soft cloth.',
      },
    ],
  },
  {
    title: 'Handloom',
    code: 'HL',
    coverMotif: 'saree',
    isHeaderCategory: true,
    isCollectionCategory: true,
    subcategories: [
      {
        key: 'sarees',
        title: 'Sarees',
        code: 'SAR',
        motif: 'saree',
        craft:
          'Each saree is woven by hand on a pit or frame loom, thread by thread, with borders, motifs and pallu worked into the weave itself; a single saree can keep a weaver at the loom for several days to several weeks.',
        care: 'Dry clean the first few times, then hand wash silk and zari separately in cold water with a mild detergent. Dry in the shade and store wrapped in soft cotton, refolding now and then.',
      },
      {
        key: 'stoles',
        title: 'Stoles & Dupattas',
        code: 'STL',
        motif: 'stole',
        craft:
          'Our stoles and dupattas are handwoven on traditional looms and, depending on the craft, tie-dyed by hand, hand-embroidered or finished with knotted fringes, so the colour and texture vary slightly from piece to piece.',
        care: 'Hand wash separately in cold water with a mild detergent, as natural and hand-applied dyes may bleed at first. Do not wring; dry in the shade.',
      },
      {
        key: 'kurtas',
        title: 'Kurtas',
        code: 'KUR',
        motif: 'stole',
        craft:
          'Our kurtas are cut and stitched from handwoven cloth by small tailoring units, and embroidered or block-printed by hand, so each piece differs slightly from the next.',
        care: 'Hand wash or gentle machine wash in cold water, inside out; dry in the shade and iron on the reverse.',
      },
      {
        key: 'bedlinen',
        title: 'Bed Linen',
        code: 'BED',
        motif: 'bedsheet',
        craft:
          'Our bed linen is cut from handloom and mill cotton and printed or woven by hand: block printers stamp each colour with carved wooden blocks, and mud-resist and kalamkari prints are washed and sun-dried between stages.',
        care: 'Wash the first time on its own in cold water. Machine wash gentle afterwards with a mild detergent, dry in the shade and iron on the reverse.',
      },
      {
        key: 'shawls',
        title: 'Shawls',
        code: 'SHW',
        motif: 'shawl',
        craft:
          'These shawls are woven by hand from spun wool or pashmina; the finest are patterned in the weave with small wooden bobbins (kani) or embroidered afterwards with a needle, which can take months for a single piece.',
        care: 'Dry clean only. Air the shawl after use, store it folded in a cotton bag with neem leaves or cedar, and keep it away from damp.',
      },
    ],
  },
  {
    title: 'Handicraft',
    code: 'HC',
    coverMotif: 'pottery',
    isHeaderCategory: true,
    isCollectionCategory: true,
    subcategories: [
      {
        key: 'pottery',
        title: 'Pottery & Terracotta',
        code: 'POT',
        motif: 'pottery',
        craft:
          'Potters shape each piece on the wheel or by hand, dry it slowly in the shade, then fire it in a kiln; painted and glazed pieces are decorated by hand before the final firing, so no two are quite alike.',
        care: 'Wipe with a damp cloth and dry at once. Decorative pieces are not meant for food, water or the dishwasher; keep terracotta away from constant damp.',
      },
      {
        key: 'brass',
        title: 'Brass & Metal',
        code: 'BRS',
        motif: 'brass',
        craft:
          'Dhokra pieces are cast by the lost-wax method: a clay core is covered in beeswax threads, coated in clay, and fired so the wax runs out and molten brass takes its place; the mould is then broken, so every casting is one of a kind. Our lamps, urlis and bidri work are sand-cast, hand-beaten or inlaid in family workshops.',
        care: 'Wipe with a soft dry cloth. To restore the shine, rub gently with a paste of tamarind or lemon and salt, rinse and dry thoroughly. Do not polish the dark finish of dhokra or bidri work.',
      },
      {
        key: 'wood',
        title: 'Woodcraft',
        code: 'WOD',
        motif: 'wood',
        craft:
          'Our woodcraft is carved by hand with chisels and gouges from seasoned wood, then sanded, inlaid or polished by the same workshop; the grain and colour of the wood make every piece slightly different.',
        care: 'Dust with a soft dry cloth and keep away from water and direct heat. Polish once or twice a year with a little wax or linseed oil.',
      },
      {
        key: 'stone',
        title: 'Stone & Marble',
        code: 'STN',
        motif: 'stone',
        craft:
          'Stone carvers rough out each block with hammer and chisel and finish it with files and abrasive stones; for inlay work, thin slices of semi-precious stone are cut, shaped on a grinding wheel and set by hand into grooves carved in the marble.',
        care: 'Wipe with a damp cloth and dry. Avoid acidic cleaners, lemon and vinegar on marble, and handle carefully: stone can chip if dropped.',
      },
    ],
  },
  {
    title: 'Traditional',
    code: 'TRD',
    coverMotif: 'jewellery',
    isHeaderCategory: true,
    isCollectionCategory: true,
    subcategories: [
      {
        key: 'jewellery',
        title: 'Jewellery',
        code: 'JWL',
        motif: 'jewellery',
        craft:
          'Our jewellery is made by hand in small workshops: stones are set into their frames one at a time, filigree is bent from fine wire with tweezers, and beads and coins are strung and finished by the same artisan family.',
        care: 'Keep away from water, perfume and sprays. Wipe with a soft cloth after wearing and store each piece separately in a pouch or box.',
      },
      {
        key: 'puja',
        title: 'Puja Essentials',
        code: 'PUJ',
        motif: 'puja',
        craft:
          'These puja essentials are made by hereditary metalsmiths and home-based artisans: vessels are cast or beaten and engraved by hand, and incense is rolled by hand on bamboo sticks from natural ingredients.',
        care: 'Clean brass and copper with tamarind or lemon and salt, rinse and dry at once. Keep incense in its box in a cool, dry place.',
      },
      {
        key: 'toys',
        title: 'Traditional Toys',
        code: 'TOY',
        motif: 'toys',
        craft:
          'These toys are turned on a hand lathe or carved from soft, light wood and coloured with lacquer or natural dyes, a craft passed down in toy-making villages for centuries.',
        care: 'Wipe with a dry cloth; do not soak in water. Small parts are not suitable for children under three.',
      },
    ],
  },
  {
    title: 'Eco-friendly',
    code: 'ECO',
    coverMotif: 'jute',
    isHeaderCategory: true,
    isCollectionCategory: false,
    subcategories: [
      {
        key: 'jute',
        title: 'Jute',
        code: 'JUT',
        motif: 'jute',
        craft:
          'Jute is a fast-growing natural fibre grown in the Ganga-Brahmaputra delta; our bags are cut and stitched from jute fabric by women’s self-help groups and hand-printed or finished with cotton webbing.',
        care: 'Spot clean with a damp cloth and mild soap. Do not machine wash or wring; dry flat in the shade.',
      },
      {
        key: 'bamboo',
        title: 'Bamboo & Cane',
        code: 'BMB',
        motif: 'bamboo',
        craft:
          'Bamboo and cane are split into fine strips with a knife, smoked or sun-dried against insects, and woven by hand into baskets and lamps without nails or glue wherever the design allows.',
        care: 'Dust with a dry brush. Keep away from constant damp and direct heat; if it gets wet, let it dry in the air before use.',
      },
      {
        key: 'paper',
        title: 'Handmade Paper',
        code: 'PPR',
        motif: 'paper',
        craft:
          'Handmade paper is made from cotton rag and other fibre waste, beaten into pulp, lifted sheet by sheet on a mould and pressed and dried in the sun; no trees are cut to make it.',
        care: 'Keep dry and away from direct sunlight. The deckled edges and small fibre flecks are part of the handmade paper.',
      },
    ],
  },
  {
    title: 'Gift Items',
    code: 'GFT',
    coverMotif: 'mandala',
    isHeaderCategory: false,
    isCollectionCategory: true,
    subcategories: [
      {
        key: 'hampers',
        title: 'Gift Hampers',
        code: 'HMP',
        motif: 'hamper',
        craft:
          'Our hampers are packed by hand at the foundation’s Lucknow centre in reusable baskets, with crafts and foods sourced directly from artisan groups across India.',
        care: 'Unpack on arrival and follow the care note of each item inside; food items carry their own best-before date.',
      },
      {
        key: 'decor',
        title: 'Home Decor',
        code: 'DEC',
        motif: 'mandala',
        craft:
          'These decor pieces are painted, moulded or embroidered entirely by hand, with traditional motifs laid out freehand or with a simple compass and thread.',
        care: 'Dust gently with a dry, soft brush or cloth. Keep away from water, steam and direct sunlight.',
      },
      {
        key: 'festive',
        title: 'Festive Decor',
        code: 'FST',
        motif: 'diya',
        craft:
          'Festive decor is made by artisan families in the weeks before the festival season: diyas are thrown on the wheel and hand-painted, torans are stitched and beaded by hand, and rangoli colours are mixed and packed by hand.',
        care: 'Store in a dry box between festivals. Never leave a lit diya unattended, and place it on a heat-proof surface.',
      },
    ],
  },
  // Prasad packages of the temples (decision 099): a collection of its own, not in the menu bar.
  {
    title: 'Prasad',
    code: 'PRS',
    coverMotif: 'puja',
    isHeaderCategory: false,
    isCollectionCategory: true,
    subcategories: [
      {
        key: 'prasad',
        title: 'Temple Prasad',
        code: 'TPR',
        motif: 'puja',
        craft:
          'Each package holds dry prasad offered at the temple, sealed in food-grade pouches and packed in a box with the temple’s holy items.',
        care: 'Keep in a cool, dry place and eat the sweets within their best-before date, printed on the pouch.',
      },
    ],
  },
]
